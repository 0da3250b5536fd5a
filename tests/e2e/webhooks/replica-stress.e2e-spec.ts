import { deliveryRound, startCpuPressure, startReplica, stopReplicas, type DeliveryRound } from '@parley/testing';

/**
 * The two-replica delivery scenario, round after round, while every core is kept busy: under
 * load first attempts time out, retries and claims of both replicas interleave, and a lost or
 * doubled webhook has its best chance to show. `npm test` runs the short form (STRESS_ROUNDS
 * unset); `npm run stress:dispatcher` the full one.
 */
const ROUNDS = Number(process.env.STRESS_ROUNDS ?? 5);
const EVENTS = 40;
/** A round under load takes a few seconds (retries come 1, 2 and 3 s apart in the suites). */
const ROUND_LIMIT_MS = 45_000;

describe('webhook delivery by two replicas under CPU pressure', () => {
  it(
    `delivers every event exactly once, ${ROUNDS} rounds of ${EVENTS} events`,
    async () => {
      await startReplica('webhook-dispatcher');
      const pressure = startCpuPressure({ maxMs: ROUNDS * ROUND_LIMIT_MS });
      const rounds: DeliveryRound[] = [];
      try {
        for (let round = 1; round <= ROUNDS; round++) {
          const started = Date.now();
          const result = await deliveryRound(EVENTS, ROUND_LIMIT_MS);
          rounds.push(result);
          process.stdout.write(
            `stress:dispatcher round ${round}/${ROUNDS}: ${result.attempts} attempts, ${result.requests} requests received, ${result.problems.length} problems (${Date.now() - started} ms)\n`,
          );
          // The first round with a problem stops the loop: its lines say what broke.
          if (result.problems.length > 0) break;
        }
      } finally {
        await pressure.stop();
        await stopReplicas('webhook-dispatcher');
      }
      const retried = rounds.reduce((sum, round) => sum + round.attempts - round.events, 0);
      process.stdout.write(
        `stress:dispatcher: ${rounds.length} rounds, ${rounds.length * EVENTS} deliveries, ${retried} attempts made again after a failed one\n`,
      );
      expect(rounds.flatMap((round) => round.problems)).toEqual([]);
      expect(rounds).toHaveLength(ROUNDS);
    },
    ROUNDS * ROUND_LIMIT_MS + 30_000,
  );
});
