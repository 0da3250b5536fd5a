import {
  createRunDatabase,
  deleteRunStreams,
  dropRunDatabase,
  RAISED_RATE_LIMITS,
  RunningSystem,
} from '@parley/testing';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

/**
 * One benchmark run: a database and a NATS namespace of its own, the built services started
 * from dist/ on them, and everything dropped again afterwards, whatever happened (Ctrl-C too).
 */
export interface BenchRun {
  id: string;
  databaseName: string;
  databaseUrl: string;
  namespace: string;
  logDir: string;
  platformApiToken: string;
  /** A connection of the benchmark's own, for seeding and for checks. */
  db: Client;
  system: RunningSystem;
}

export interface BenchRunOptions {
  rootDir: string;
  adminDatabaseUrl: string;
  natsUrl: string;
  /** Added to (or overriding) the services' environment. */
  env?: Record<string, string>;
  /** Options for node itself, for every service (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /** The database URL the services get (e.g. through a fault-injection proxy); the run's own by default. */
  servicesDatabaseUrl?: (databaseUrl: string) => string;
  /** Restart services that die, reporting here (what `npm start` does). */
  supervise?: (line: string) => void;
}

export async function withBenchRun<T>(options: BenchRunOptions, work: (run: BenchRun) => Promise<T>): Promise<T> {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const databaseName = `parley_bench_${id}`;
  const namespace = `bench_${id}`;
  const logDir = join(options.rootDir, 'tmp', 'bench', id);
  const platformApiToken = randomBytes(24).toString('base64url');

  const databaseUrl = await createRunDatabase(options.adminDatabaseUrl, databaseName);
  const db = new Client({ connectionString: databaseUrl });
  let system: RunningSystem | undefined;
  const cleanUp = once(async () => {
    const steps: Array<[string, () => Promise<unknown> | undefined]> = [
      ['stop the system', () => system?.stop()],
      ['close the database connection', () => db.end()],
      [`drop database ${databaseName}`, () => dropRunDatabase(options.adminDatabaseUrl, databaseName)],
      [`delete the NATS streams of ${namespace}`, () => deleteRunStreams(options.natsUrl, namespace)],
    ];
    // Every step is tried, whatever failed before it.
    for (const [what, step] of steps) {
      await Promise.resolve()
        .then(step)
        .catch((error: Error) => process.stderr.write(`Could not ${what}: ${error.message}\n`));
    }
  });
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

  try {
    await db.connect();
    say(`Starting Parley: database ${databaseName}, NATS namespace ${namespace}, logs in ${logDir}`);
    system = await RunningSystem.start({
      rootDir: options.rootDir,
      databaseUrl: options.servicesDatabaseUrl?.(databaseUrl) ?? databaseUrl,
      supervise: options.supervise,
      nodeArgs: options.nodeArgs,
      natsUrl: options.natsUrl,
      namespace,
      platformApiToken,
      logDir,
      env: {
        ...RAISED_RATE_LIMITS,
        // No access-log line per request: a benchmark measures the request path, not logging.
        LOG_LEVEL: 'warn',
        ATTACHMENT_URL_SECRET: randomBytes(24).toString('base64url'),
        STORAGE_DIR: join(logDir, 'storage'),
        ...options.env,
      },
    });
    return await work({ id, databaseName, databaseUrl, namespace, logDir, platformApiToken, db, system });
  } finally {
    say('\nStopping …');
    await cleanUp();
  }
}

export function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** The load average shows whether something else was running on the machine, which makes the figures noisy. */
export function machine(): string {
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
  return `${cpus().length} CPUs, Node ${process.version}, load average ${load}`;
}

/** Writes `tmp/bench/<name>-<time>.json` with the machine and commit the figures came from. */
export function writeReport(rootDir: string, name: string, figures: Record<string, unknown>): string {
  const directory = join(rootDir, 'tmp', 'bench');
  mkdirSync(directory, { recursive: true });
  const at = new Date();
  const file = join(directory, `${name}-${at.toISOString().replace(/[:.]/g, '-')}.json`);
  const report = {
    benchmark: name,
    at: at.toISOString(),
    commit: gitCommit(),
    machine: { cpus: cpus().length, node: process.version, load_average_1m: loadavg()[0] },
    ...figures,
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

function gitCommit(): string | null {
  try {
    const commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${commit}+changes` : commit;
  } catch {
    return null;
  }
}

function once(work: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= work());
}

/** Milliseconds as seconds, to the hundredth below 10 s. */
export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
