import { freePort, ServiceProcess } from '@parley/testing';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BaselineFixture } from './lib/baseline-server';
import { formatProfile, readProfiles } from './lib/cpu-profile';
import { measure, number, type Figures, type LoadSettings, summarize, type Target } from './lib/load';
import { CpuSampler, cpuSummary, runProcessGroups, type CpuShare, type ProcessGroup } from './lib/process-cpu';
import { machine, say, withBenchRun, writeReport, type BenchRun } from './lib/run';
import { createWorkspace, seedConversations, waitUntilIdle, type Workspace } from './lib/workspace';

/**
 * `npm run bench:messaging`: what the gateway → NATS → messaging path costs over a bare
 * Node + pg server running the same SQL, for message create and the conversation list, with
 * both measured in the same run on the same machine. It reports; it never fails on a target.
 */

const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const ARGS = process.argv.slice(2).join(' ');
const LOAD: LoadSettings = {
  connections: 64,
  durationSeconds: Number(process.env.BENCH_DURATION_S ?? 10),
  warmupSeconds: 3,
};
/** The meta counts are measured as a tab bar asks for them: a few clients at a time. */
const META_LOAD: LoadSettings = { ...LOAD, connections: 10 };
/** `--conversations N`: message writes spread over N conversations, as real traffic is (1 = every write on one row). */
const WRITE_CONVERSATIONS = Number(/--conversations[= ](\d+)/.exec(ARGS)?.[1] ?? 50);
const LIST_SIZES = [5_000, 100_000];
/** `--only create|list|meta`: one scenario (with the seeding it needs), e.g. to profile it. */
const ONLY = /--only[= ](create|list|meta)/.exec(ARGS)?.[1];
/** `--cpu-prof`: every service runs under `node --cpu-prof`; their top self time is printed at the end. */
const CPU_PROFILE = ARGS.includes('--cpu-prof');
const TARGETS = { minThroughputRatio: 0.5, maxP99Ratio: 3, metaP99Ms: 20 };
/** At 100,000 conversations maintained counters must beat counting: the list's req/s target is the baseline's own. */
const minThroughputRatioOf = (name: string) => (name === `list at ${number(100_000)}` ? 1 : TARGETS.minThroughputRatio);

interface Scenario {
  name: string;
  baseline: Figures;
  gateway: Figures;
  /** Where the CPU went during each run (percent of one core, warm-up included). */
  cpu: { baseline: CpuShare[]; gateway: CpuShare[] };
  /** gateway / baseline */
  throughputRatio: number;
  p99Ratio: number;
  minThroughputRatio: number;
  throughputTargetMet: boolean;
  p99TargetMet: boolean;
}

async function main(): Promise<void> {
  const rootDir = process.cwd();
  const profileDir = join(rootDir, 'tmp', 'bench', `profiles-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  if (CPU_PROFILE) mkdirSync(profileDir, { recursive: true });
  const nodeArgs = CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : undefined;
  await withBenchRun({ rootDir, adminDatabaseUrl: ADMIN_DATABASE_URL, natsUrl: NATS_URL, nodeArgs }, async (run) => {
    const workspace = await createWorkspace(
      {
        gatewayUrl: run.system.gatewayUrl,
        platformApiToken: run.platformApiToken,
        natsUrl: NATS_URL,
        namespace: run.namespace,
        db: run.db,
      },
      WRITE_CONVERSATIONS,
    );
    const baseline = await startBaseline(rootDir, run.databaseUrl, run.logDir, workspace);
    try {
      const scenarios = await compareAll(run, workspace, baseline.url);
      printSummary(scenarios);
      const file = writeReport(rootDir, 'messaging', {
        load: LOAD,
        meta_load: META_LOAD,
        write_conversations: WRITE_CONVERSATIONS,
        list_sizes: LIST_SIZES,
        targets: TARGETS,
        scenarios,
      });
      say(`\nFigures written to ${file}`);
    } finally {
      await baseline.server.stop();
    }
  });
  if (CPU_PROFILE) {
    say(
      `\nWhere the time went (profiles in ${profileDir}, whole process lifetime: start-up, seeding and warm-up included)`,
    );
    for (const profile of readProfiles(profileDir)) say(formatProfile(profile));
  }
}

/** Message create spread over the workspace's conversations, then the list and its counts at each of LIST_SIZES conversations. */
async function compareAll(run: BenchRun, workspace: Workspace, baselineUrl: string): Promise<Scenario[]> {
  const { db, namespace, databaseName, system } = run;
  const gateway = system.gatewayUrl;
  const accountPath = `/api/v1/accounts/${workspace.accountId}`;
  const accountUrl = `${gateway}${accountPath}`;
  // Left-over work (events of the previous run) would slow the next run down; if it never ends, measure anyway and say so.
  const idle = () => waitUntilIdle(db, NATS_URL, namespace).catch((error: Error) => say(`  warning: ${error.message}`));
  const groups = runProcessGroups(
    { namespace, databaseName },
    ['gateway', 'messaging', 'webhook-dispatcher', 'contacts'],
    [{ name: 'baseline', match: ({ cmdline }) => cmdline.includes('bench/lib/baseline-server.ts') }],
  );
  say(
    `\n${LOAD.connections} connections, ${LOAD.durationSeconds} s per run after a ${LOAD.warmupSeconds} s warm-up; ${machine()}`,
  );

  const message = JSON.stringify({
    content: 'Thanks for waiting! Your order has shipped and should arrive on Thursday.',
    message_type: 'outgoing',
  });
  const json = { 'content-type': 'application/json' };
  const scenarios: Scenario[] = [];
  const spread = workspace.conversations;
  if (!ONLY || ONLY === 'create')
    scenarios.push(
      await compare(
        `message create (${spread.length} conversation${spread.length === 1 ? '' : 's'})`,
        {
          url: baselineUrl,
          paths: spread.map((_, index) => `/messages/${index}`),
          method: 'POST',
          headers: json,
          body: message,
        },
        {
          url: gateway,
          paths: spread.map((conversation) => `${accountPath}/conversations/${conversation.displayId}/messages`),
          method: 'POST',
          headers: { ...json, api_access_token: workspace.token },
          body: message,
        },
        idle,
        groups,
      ),
    );

  if (ONLY === 'create') return scenarios;
  let seeded = spread.length;
  for (const size of ONLY === 'meta' ? LIST_SIZES.slice(-1) : LIST_SIZES) {
    await idle();
    say(`\nSeeding up to ${number(size)} conversations …`);
    const seedStart = Date.now();
    await seedConversations(db, workspace, size - seeded);
    seeded = size;
    say(`  done in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);
    if (ONLY !== 'meta')
      scenarios.push(
        await compare(
          `list at ${number(size)}`,
          { url: `${baselineUrl}/conversations` },
          { url: `${accountUrl}/conversations`, headers: { api_access_token: workspace.token } },
          idle,
          groups,
        ),
      );
  }
  if (!ONLY || ONLY === 'meta')
    scenarios.push(
      await compare(
        `meta at ${number(seeded)}`,
        { url: `${baselineUrl}/conversations/meta` },
        { url: `${accountUrl}/conversations/meta`, headers: { api_access_token: workspace.token } },
        idle,
        groups,
        META_LOAD,
      ),
    );

  return scenarios;
}

/** The bare server of `lib/baseline-server.ts` as a process of its own, started like a service. */
async function startBaseline(
  rootDir: string,
  databaseUrl: string,
  logDir: string,
  workspace: Workspace,
): Promise<{ server: ServiceProcess; url: string }> {
  const port = await freePort();
  const fixture: BaselineFixture = {
    accountId: workspace.accountId,
    userId: workspace.adminId,
    inboxId: workspace.inboxId,
    conversationIds: workspace.conversations.map((conversation) => conversation.id),
    displayIds: workspace.conversations.map((conversation) => conversation.displayId),
  };
  const url = `http://127.0.0.1:${port}`;
  const server = new ServiceProcess({
    name: 'baseline',
    script: join(rootDir, 'bench', 'lib', 'baseline-server.ts'),
    cwd: rootDir,
    // Compiled on load, as the benchmark itself is; the services run from dist/.
    env: {
      NODE_OPTIONS: '--require @swc-node/register',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      BASELINE_FIXTURE: JSON.stringify(fixture),
    },
    readyUrl: `${url}/health`,
    logFile: join(logDir, 'baseline.log'),
  });
  await server.start();
  return { server, url };
}

async function compare(
  name: string,
  baseline: Target,
  gateway: Target,
  beforeEach: () => Promise<void>,
  groups: ProcessGroup[],
  load: LoadSettings = LOAD,
): Promise<Scenario> {
  say(`\n${name} (${load.connections} connections)`);
  const run = async (target: Target): Promise<{ figures: Figures; cpu: CpuShare[] }> => {
    await beforeEach();
    const sampler = new CpuSampler(groups);
    const figures = await measure(target, load);
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
    minThroughputRatio: minThroughputRatioOf(name),
    throughputTargetMet: throughputRatio >= minThroughputRatioOf(name),
    p99TargetMet: p99Ratio <= TARGETS.maxP99Ratio,
  };
  say(`  ratio     ${ratioLine(scenario)}`);
  return scenario;
}

/** Whole-machine CPU time per request: the machine's busy share over the run, divided by the request rate. */
function cpuMsPerRequest(shares: CpuShare[], figures: Figures): number {
  const machine = shares.find((share) => share.name.startsWith('machine'))?.percentOfCore ?? 0;
  return figures.requestsPerSecond > 0 ? (machine / 100) * (1000 / figures.requestsPerSecond) : 0;
}

function ratioLine(scenario: Scenario): string {
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  const cpu = `CPU ${cpuMsPerRequest(scenario.cpu.gateway, scenario.gateway).toFixed(2)} ms/request vs ${cpuMsPerRequest(scenario.cpu.baseline, scenario.baseline).toFixed(2)}`;
  const meta = scenario.name.startsWith('meta')
    ? `   p99 ${number(scenario.gateway.p99Ms)} ms (target ≤ ${TARGETS.metaP99Ms} ms: ${verdict(scenario.gateway.p99Ms <= TARGETS.metaP99Ms)})`
    : '';
  return (
    `req/s ${scenario.throughputRatio.toFixed(2)}× (target ≥ ${scenario.minThroughputRatio}×: ${verdict(scenario.throughputTargetMet)})   ` +
    `p99 ${scenario.p99Ratio.toFixed(2)}× (target ≤ ${TARGETS.maxP99Ratio}×: ${verdict(scenario.p99TargetMet)})   ${cpu}${meta}`
  );
}

function printSummary(scenarios: Scenario[]): void {
  const row = (cells: string[]) =>
    say(cells.map((cell, index) => (index < 2 ? cell.padEnd([19, 10][index]) : cell.padStart(10))).join(' '));
  say(`\nSummary (gateway against the bare baseline, same run; ${machine()})`);
  row(['scenario', 'path', 'req/s', 'p50 ms', 'p99 ms', 'failed']);
  for (const scenario of scenarios) {
    for (const [path, figures] of [
      ['baseline', scenario.baseline],
      ['gateway', scenario.gateway],
    ] as const) {
      row([
        path === 'baseline' ? scenario.name : '',
        path,
        number(figures.requestsPerSecond),
        number(figures.p50Ms),
        number(figures.p99Ms),
        number(figures.non2xx + figures.errors + figures.timeouts),
      ]);
    }
    row(['', 'ratio', `${scenario.throughputRatio.toFixed(2)}×`, '', `${scenario.p99Ratio.toFixed(2)}×`, '']);
  }
  say(
    `Targets: gateway req/s ≥ ${TARGETS.minThroughputRatio}× baseline (≥ 1× for the list at 100,000), gateway p99 ≤ ${TARGETS.maxP99Ratio}× baseline p99, meta p99 ≤ ${TARGETS.metaP99Ms} ms`,
  );
  for (const scenario of scenarios) say(`  ${scenario.name.padEnd(18)} ${ratioLine(scenario)}`);
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    process.stderr.write(`\nThe benchmark could not run: ${error.stack ?? error.message}\n`);
    process.exit(1);
  },
);
