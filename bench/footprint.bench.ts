import { createRunDatabase, deleteRunStreams, dropRunDatabase, eventually, freePort } from '@parley/testing';
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { machine, say, writeReport } from './lib/run';

/**
 * `npm run bench:footprint`: what `npm start` costs on this machine once built — the time until
 * every service is ready, and the resident memory of the launcher and each process it started,
 * idle. Targets (issue "Performance of the hot paths"): ready ≤ 10 s, whole system ≤ 1.0 GiB.
 */
const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const IDLE_SETTLE_MS = 10_000;
const TARGETS = { readySeconds: 10, idleRssMiB: 1024 };

/** Resident memory (KiB) of a process and each of its children, by command line. */
function residentMemory(rootPid: number): Array<{ pid: number; name: string; rssKiB: number }> {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ pid: Number(match[1]), ppid: Number(match[2]), rssKiB: Number(match[3]), args: match[4] }));
  const name = (args: string) =>
    /dist\/apps\/([\w-]+)\//.exec(args)?.[1] ??
    (args.includes('dist/tools/start.js') ? 'launcher' : args.split(' ')[0]);
  return rows
    .filter((row) => row.pid === rootPid || row.ppid === rootPid)
    .map((row) => ({ pid: row.pid, name: name(row.args), rssKiB: row.rssKiB }));
}

async function main(): Promise<void> {
  const rootDir = process.cwd();
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const databaseName = `parley_bench_${id}`;
  const namespace = `bench_${id}`;
  const databaseUrl = await createRunDatabase(ADMIN_DATABASE_URL, databaseName);
  const port = await freePort();
  let output = '';
  const started = Date.now();
  // As package.json's start script runs it.
  const launcher = spawn(process.execPath, ['--max-semi-space-size=1', join(rootDir, 'dist', 'tools', 'start.js')], {
    cwd: rootDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      NATS_URL,
      NATS_NAMESPACE: namespace,
      PORT: String(port),
      HEALTH_PORTS: 'any',
      PARLEY_STATE_DIR: join(rootDir, 'tmp', 'bench', id),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  launcher.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  launcher.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await eventually(() => expectRunning(output), {
      timeoutMs: 120_000,
      intervalMs: 50,
      description: 'every service ready',
    });
    const readySeconds = (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
    const processes = residentMemory(launcher.pid!);
    const totalMiB = processes.reduce((sum, process_) => sum + process_.rssKiB, 0) / 1024;
    say(`\nFootprint of npm start (built) on ${machine()}`);
    say(
      `All services ready ${readySeconds.toFixed(1)} s after the launcher started (target ≤ ${TARGETS.readySeconds} s: ${readySeconds <= TARGETS.readySeconds ? 'met' : 'MISSED'})`,
    );
    say(`Idle resident memory after ${IDLE_SETTLE_MS / 1000} s:`);
    for (const process_ of processes.sort((a, b) => b.rssKiB - a.rssKiB))
      say(`  ${process_.name.padEnd(20)} ${(process_.rssKiB / 1024).toFixed(0).padStart(5)} MiB`);
    say(
      `  ${'whole system'.padEnd(20)} ${totalMiB.toFixed(0).padStart(5)} MiB (target ≤ ${TARGETS.idleRssMiB} MiB: ${totalMiB <= TARGETS.idleRssMiB ? 'met' : 'MISSED'})`,
    );
    const file = writeReport(rootDir, 'footprint', {
      ready_seconds: readySeconds,
      idle_rss_mib: totalMiB,
      processes,
      targets: TARGETS,
    });
    say(`Figures written to ${file}`);
  } finally {
    const exited = new Promise((resolve) => launcher.once('exit', resolve));
    launcher.kill('SIGTERM');
    await exited;
    await dropRunDatabase(ADMIN_DATABASE_URL, databaseName).catch(() => undefined);
    await deleteRunStreams(NATS_URL, namespace).catch(() => undefined);
  }
}

function expectRunning(output: string): void {
  if (!output.includes('Parley is running')) throw new Error(output.includes('Cannot start') ? output : 'not yet');
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    process.stderr.write(`\nThe benchmark could not run: ${error.stack ?? error.message}\n`);
    process.exit(1);
  },
);
