import { createRunDatabase, deleteRunStreams, dropRunDatabase, freePort, RunningSystem, ServiceProcess } from '@parley/testing';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { BaselineFixture } from './lib/baseline-server';
import { measure, number, type Figures, type LoadSettings, summarize, type Target } from './lib/load';
import { CpuSampler, cpuSummary, runProcessGroups, type CpuShare, type ProcessGroup } from './lib/process-cpu';
import { createWorkspace, seedConversations, waitUntilIdle, type Workspace } from './lib/workspace';

/**
 * `npm run bench:messaging`: what the gateway → NATS → messaging path costs over a bare
 * Node + pg server running the same SQL, for message create and the conversation list, with
 * both measured in the same run on the same machine. It reports; it never fails on a target.
 */

const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const LOAD: LoadSettings = { connections: 64, durationSeconds: Number(process.env.BENCH_DURATION_S ?? 10), warmupSeconds: 3 };
const SEEDED_CONVERSATIONS = 100_000;
const TARGETS = { minThroughputRatio: 0.5, maxP99Ratio: 3 };

interface Scenario {
  name: string;
  baseline: Figures;
  gateway: Figures;
  /** Where the CPU went during each run (percent of one core, warm-up included). */
  cpu: { baseline: CpuShare[]; gateway: CpuShare[] };
  /** gateway / baseline */
  throughputRatio: number;
  p99Ratio: number;
  throughputTargetMet: boolean;
  p99TargetMet: boolean;
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function main(): Promise<void> {
  const rootDir = process.cwd();
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const databaseName = `parley_bench_${runId}`;
  const namespace = `bench_${runId}`;
  const logDir = join(rootDir, 'tmp', 'bench', runId);
  const platformApiToken = randomBytes(24).toString('base64url');

  const databaseUrl = await createRunDatabase(ADMIN_DATABASE_URL, databaseName);
  const db = new Client({ connectionString: databaseUrl });
  let system: RunningSystem | undefined;
  let baseline: { server: ServiceProcess; url: string } | undefined;
  const cleanUp = once(async () => {
    const steps: Array<[string, () => Promise<unknown> | undefined]> = [
      ['stop the baseline server', () => baseline?.server.stop()],
      ['stop the system', () => system?.stop()],
      ['close the database connection', () => db.end()],
      [`drop database ${databaseName}`, () => dropRunDatabase(ADMIN_DATABASE_URL, databaseName)],
      [`delete the NATS streams of ${namespace}`, () => deleteRunStreams(NATS_URL, namespace)],
    ];
    // Every step is tried, whatever failed before it.
    for (const [what, step] of steps) {
      await Promise.resolve()
        .then(step)
        .catch((error: Error) => process.stderr.write(`Could not ${what}: ${error.message}\n`));
    }
  });
  // Ctrl-C: still drop the database and the streams.
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

  try {
    await db.connect();
    say(`Starting Parley: database ${databaseName}, NATS namespace ${namespace}, logs in ${logDir}`);
    system = await RunningSystem.start({
      rootDir,
      databaseUrl,
      natsUrl: NATS_URL,
      namespace,
      platformApiToken,
      logDir,
      env: {
        // No access-log line per request: the benchmark measures the request path, not logging.
        LOG_LEVEL: 'warn',
        ATTACHMENT_URL_SECRET: randomBytes(24).toString('base64url'),
        STORAGE_DIR: join(logDir, 'storage'),
      },
    });
    const workspace = await createWorkspace({ gatewayUrl: system.gatewayUrl, platformApiToken, natsUrl: NATS_URL, namespace, db });
    baseline = await startBaseline(rootDir, databaseUrl, logDir, workspace);
    const accountUrl = `${system.gatewayUrl}/api/v1/accounts/${workspace.accountId}`;
    // Left-over work (events of the previous run) would slow the next run down; if it never ends, measure anyway and say so.
    const idle = () => waitUntilIdle(db, NATS_URL, namespace).catch((error: Error) => say(`  warning: ${error.message}`));
    const groups = runProcessGroups({ namespace, databaseName }, ['gateway', 'messaging', 'webhook-dispatcher', 'contacts'], [
      { name: 'baseline', match: ({ cmdline }) => cmdline.includes('bench/lib/baseline-server.ts') },
    ]);
    say(`\n${LOAD.connections} connections, ${LOAD.durationSeconds} s per run after a ${LOAD.warmupSeconds} s warm-up; ${machine()}`);

    const message = JSON.stringify({ content: 'Thanks for waiting! Your order has shipped and should arrive on Thursday.', message_type: 'outgoing' });
    const json = { 'content-type': 'application/json' };
    const scenarios: Scenario[] = [];
    scenarios.push(
      await compare(
        'message create',
        { url: `${baseline.url}/messages`, method: 'POST', headers: json, body: message },
        {
          url: `${accountUrl}/conversations/${workspace.conversation.displayId}/messages`,
          method: 'POST',
          headers: { ...json, api_access_token: workspace.token },
          body: message,
        },
        idle,
        groups,
      ),
    );

    await idle();
    say(`\nSeeding ${number(SEEDED_CONVERSATIONS)} conversations …`);
    const seedStart = Date.now();
    await seedConversations(db, workspace, SEEDED_CONVERSATIONS);
    say(`  done in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
    scenarios.push(
      await compare(
        'conversation list',
        { url: `${baseline.url}/conversations` },
        { url: `${accountUrl}/conversations`, headers: { api_access_token: workspace.token } },
        idle,
        groups,
      ),
    );

    printSummary(scenarios);
    const file = writeReport(rootDir, scenarios);
    say(`\nFigures written to ${file}`);
  } finally {
    say('\nStopping …');
    await cleanUp();
  }
}

/** The bare server of `lib/baseline-server.ts` as a process of its own, started like a service. */
async function startBaseline(rootDir: string, databaseUrl: string, logDir: string, workspace: Workspace): Promise<{ server: ServiceProcess; url: string }> {
  const port = await freePort();
  const fixture: BaselineFixture = { accountId: workspace.accountId, userId: workspace.adminId, inboxId: workspace.inboxId, conversationId: workspace.conversation.id };
  const url = `http://127.0.0.1:${port}`;
  const server = new ServiceProcess({
    name: 'baseline',
    script: join(rootDir, 'bench', 'lib', 'baseline-server.ts'),
    cwd: rootDir,
    // Compiled on load, as the benchmark itself is; the services run from dist/.
    env: { NODE_OPTIONS: '--require @swc-node/register', DATABASE_URL: databaseUrl, PORT: String(port), BASELINE_FIXTURE: JSON.stringify(fixture) },
    readyUrl: `${url}/health`,
    logFile: join(logDir, 'baseline.log'),
  });
  await server.start();
  return { server, url };
}

async function compare(name: string, baseline: Target, gateway: Target, beforeEach: () => Promise<void>, groups: ProcessGroup[]): Promise<Scenario> {
  say(`\n${name}`);
  const run = async (target: Target): Promise<{ figures: Figures; cpu: CpuShare[] }> => {
    await beforeEach();
    const sampler = new CpuSampler(groups);
    const figures = await measure(target, LOAD);
    return { figures, cpu: sampler.stop() };
  };
  const { figures: baselineFigures, cpu: baselineCpu } = await run(baseline);
  say(`  baseline  ${summarize(baselineFigures)}`);
  say(`            CPU (% of one core): ${cpuSummary(baselineCpu.filter((share) => share.percentOfCore > 0))}`);
  const { figures: gatewayFigures, cpu: gatewayCpu } = await run(gateway);
  say(`  gateway   ${summarize(gatewayFigures)}`);
  say(`            CPU (% of one core): ${cpuSummary(gatewayCpu.filter((share) => share.percentOfCore > 0))}`);
  const throughputRatio = gatewayFigures.requestsPerSecond / baselineFigures.requestsPerSecond;
  const p99Ratio = gatewayFigures.p99Ms / baselineFigures.p99Ms;
  const scenario: Scenario = {
    name,
    baseline: baselineFigures,
    gateway: gatewayFigures,
    cpu: { baseline: baselineCpu, gateway: gatewayCpu },
    throughputRatio,
    p99Ratio,
    throughputTargetMet: throughputRatio >= TARGETS.minThroughputRatio,
    p99TargetMet: p99Ratio <= TARGETS.maxP99Ratio,
  };
  say(`  ratio     ${ratioLine(scenario)}`);
  return scenario;
}

function ratioLine(scenario: Scenario): string {
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  return (
    `req/s ${scenario.throughputRatio.toFixed(2)}× (target ≥ ${TARGETS.minThroughputRatio}×: ${verdict(scenario.throughputTargetMet)})   ` +
    `p99 ${scenario.p99Ratio.toFixed(2)}× (target ≤ ${TARGETS.maxP99Ratio}×: ${verdict(scenario.p99TargetMet)})`
  );
}

function printSummary(scenarios: Scenario[]): void {
  const row = (cells: string[]) => say(cells.map((cell, index) => (index < 2 ? cell.padEnd([19, 10][index]) : cell.padStart(10))).join(' '));
  say(`\nSummary (gateway against the bare baseline, same run; ${machine()})`);
  row(['scenario', 'path', 'req/s', 'p50 ms', 'p99 ms', 'failed']);
  for (const scenario of scenarios) {
    for (const [path, figures] of [['baseline', scenario.baseline], ['gateway', scenario.gateway]] as const) {
      row([path === 'baseline' ? scenario.name : '', path, number(figures.requestsPerSecond), number(figures.p50Ms), number(figures.p99Ms), number(figures.non2xx + figures.errors + figures.timeouts)]);
    }
    row(['', 'ratio', `${scenario.throughputRatio.toFixed(2)}×`, '', `${scenario.p99Ratio.toFixed(2)}×`, '']);
  }
  say(`Targets: gateway req/s ≥ ${TARGETS.minThroughputRatio}× baseline, gateway p99 ≤ ${TARGETS.maxP99Ratio}× baseline p99`);
  for (const scenario of scenarios) say(`  ${scenario.name.padEnd(18)} ${ratioLine(scenario)}`);
}

function writeReport(rootDir: string, scenarios: Scenario[]): string {
  const directory = join(rootDir, 'tmp', 'bench');
  mkdirSync(directory, { recursive: true });
  const at = new Date();
  const file = join(directory, `messaging-${at.toISOString().replace(/[:.]/g, '-')}.json`);
  const report = {
    benchmark: 'messaging',
    at: at.toISOString(),
    commit: gitCommit(),
    machine: { cpus: cpus().length, node: process.version, load_average_1m: loadavg()[0] },
    load: LOAD,
    seeded_conversations: SEEDED_CONVERSATIONS,
    targets: TARGETS,
    scenarios,
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

/** The load average shows whether something else was running on the machine, which makes the figures noisy. */
function machine(): string {
  return `${cpus().length} CPUs, Node ${process.version}, load average ${loadavg()[0].toFixed(2)}`;
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

main().then(
  () => process.exit(0),
  (error: Error) => {
    process.stderr.write(`\nThe benchmark could not run: ${error.stack ?? error.message}\n`);
    process.exit(1);
  },
);
