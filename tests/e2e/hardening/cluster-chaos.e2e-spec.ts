import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

interface PhaseFigures {
  name: string;
  recovery_seconds: number;
  accepted_writes_lost: number;
  events_lost: number;
  duplicated_side_effects: number;
  details: Record<string, number>;
}

/** The chaos run's whole bound: start-up, six phases of a few seconds each, their recoveries and the settling. */
const RUN_LIMIT_MS = 12 * 60_000;

/**
 * The short form of `npm run chaos -- --cluster` (built services from dist/, as the e2e run
 * has them): three NATS nodes with R3 streams, a PostgreSQL of its own, two replicas of every
 * service and two gateways, loaded with every kind of side-effecting write while a NATS node
 * dies (then another with its disk), a replica of each service and a gateway are killed and
 * PostgreSQL restarts. Nothing accepted may be lost, no event undelivered, no effect doubled.
 */
describe('the cluster chaos run (short form)', () => {
  jest.setTimeout(RUN_LIMIT_MS + 60_000);

  it('loses no accepted write and no event, and does no side effect twice, in any phase', async () => {
    let output = '';
    const code = await new Promise<number | null>((resolve) => {
      const run = spawn(process.execPath, ['-r', '@swc-node/register', 'bench/chaos.ts', '--cluster', '--short'], {
        cwd: process.cwd(),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const timer = setTimeout(() => run.kill('SIGINT'), RUN_LIMIT_MS);
      run.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      run.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      run.once('exit', (exitCode) => {
        clearTimeout(timer);
        resolve(exitCode);
      });
    });
    const reportFile = /Figures written to (\S+)/.exec(output)?.[1];
    if (!reportFile) throw new Error(`the run wrote no figures:\n${output.slice(-4000)}`);
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as { accepted: number; phases: PhaseFigures[] };
    expect(report.phases.map((phase) => phase.name)).toEqual([
      'steady load, no fault',
      'the events stream leader (a NATS node) killed, back later',
      'a NATS node lost with its disk (killed, back empty)',
      'one replica of each service killed (SIGKILL)',
      'one gateway killed (SIGKILL)',
      'PostgreSQL restarted (immediate shutdown)',
    ]);
    expect(report.accepted).toBeGreaterThan(100);
    // The run's lines on each repeat (what arrived twice, and when), shown beside a fault.
    const repeats = output.split('\n').filter((line) => line.includes('duplicate:'));
    for (const phase of report.phases) {
      // What went wrong is named by kind (writes.message, lost.webhook_event, duplicates.campaign_send …);
      // resent_in_doubt.* (a dispatcher killed mid-attempt sends again, same event id) is not a fault.
      const faults = Object.entries(phase.details).filter(([what]) => !what.startsWith('resent_in_doubt.'));
      expect({ phase: phase.name, faults, ...(faults.length > 0 ? { repeats } : {}) }).toEqual({
        phase: phase.name,
        faults: [],
      });
      expect([phase.accepted_writes_lost, phase.events_lost, phase.duplicated_side_effects]).toEqual([0, 0, 0]);
    }
    expect(code).toBe(0);
  });
});
