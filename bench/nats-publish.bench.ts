import { AckedPublisher } from '@parley/service-kit';
import { connect, type JetStreamClient } from 'nats';
import { randomUUID } from 'node:crypto';
import { machine, say, writeReport } from './lib/run';

/**
 * Client CPU per acknowledged JetStream publish: nats.js's `jetstream.publish` (a request per
 * message) against the services' AckedPublisher (acknowledgements on one shared subscription),
 * in alternating rounds on one connection, each message a 2.5 KB event with its own message id
 * and at most WINDOW waiting for their acknowledgement, as the outbox relay publishes.
 */
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const PER_ROUND = 20_000;
const WINDOW = 32;
const ROUNDS = 3;

type Publish = (data: Uint8Array, id: string) => Promise<unknown>;

interface Round {
  side: string;
  cpuMicrosPerPublish: number;
  publishesPerSecond: number;
}

async function round(side: string, publish: Publish): Promise<Round> {
  const data = new TextEncoder().encode(JSON.stringify({ id: randomUUID(), data: { text: 'x'.repeat(2_400) } }));
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let sent = 0; sent < PER_ROUND; sent += WINDOW) {
    await Promise.all(Array.from({ length: WINDOW }, () => publish(data, randomUUID())));
  }
  const used = process.cpuUsage(cpu);
  const seconds = (performance.now() - started) / 1000;
  return { side, cpuMicrosPerPublish: (used.user + used.system) / PER_ROUND, publishesPerSecond: PER_ROUND / seconds };
}

async function main(): Promise<void> {
  const connection = await connect({ servers: NATS_URL, noAsyncTraces: true });
  const manager = await connection.jetstreamManager();
  const stream = `BENCH_PUBLISH_${Date.now()}`;
  const subject = `bench_publish_${Date.now()}.event`;
  await manager.streams.add({ name: stream, subjects: [subject], duplicate_window: 120e9 });
  const jetstream: JetStreamClient = connection.jetstream();
  const acked = new AckedPublisher(connection, 10_000);
  const sides: Array<[string, Publish]> = [
    ['nats.js jetstream.publish', (data, id) => jetstream.publish(subject, data, { msgID: id })],
    ['AckedPublisher', (data, id) => acked.publish(subject, data, { msgID: id })],
  ];
  say(`${PER_ROUND.toLocaleString('en')} publishes per round, ${WINDOW} in flight; ${machine()}`);
  const rounds: Round[] = [];
  try {
    for (let index = 0; index < ROUNDS; index++) {
      for (const [side, publish] of sides) {
        const result = await round(side, publish);
        rounds.push(result);
        say(
          `  ${side.padEnd(27)} ${result.cpuMicrosPerPublish.toFixed(1).padStart(5)} µs client CPU per publish   ${Math.round(result.publishesPerSecond).toLocaleString('en')} publishes/s`,
        );
      }
    }
  } finally {
    acked.close();
    await manager.streams.delete(stream).catch(() => undefined);
    await connection.close();
  }
  const median = (side: string) => {
    const values = rounds.filter((entry) => entry.side === side).map((entry) => entry.cpuMicrosPerPublish);
    return values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  };
  const [library, ours] = sides.map(([side]) => median(side));
  say(
    `Median client CPU per publish: ${library.toFixed(1)} µs (nats.js) vs ${ours.toFixed(1)} µs (AckedPublisher), ${(ours / library).toFixed(2)}×`,
  );
  say(`Figures written to ${writeReport(process.cwd(), 'nats-publish', { rounds, medians: { library, ours } })}`);
}

void main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
