import { freePort, ServiceProcess } from '@parley/testing';
import { join } from 'node:path';
import type { BaselineFixture } from './lib/baseline-server';
import { profiling } from './lib/cpu-profile';
import { measure, number, type Figures, type LoadSettings, summarize, type Target } from './lib/load';
import { CpuSampler, cpuSummary, runProcessGroups, type CpuShare, type ProcessGroup } from './lib/process-cpu';
import { machine, say, withBenchRun, writeReport, type BenchRun } from './lib/run';
import { createWorkspace, seedConversations, waitUntilIdle, workspaceOptions, type Workspace } from './lib/workspace';

/**
 * `npm run bench:messaging`: what the gateway → NATS → messaging path costs, for message create
 * and the conversation list, against two bare Node + pg servers measured in the same run on the
 * same machine: the minimal SQL the contract needs, written for the benchmark (the physical
 * limit, which the targets are set against), and the product's own statements (what the
 * framework costs over its SQL). It reports; it never fails on a target.
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
/**
 * `--without-events`: the services keep their events in the outbox (OUTBOX_RELAY_ENABLED=false),
 * so nothing is published or consumed. A diagnostic, not a target: the gap to a normal run is what
 * the event pipeline (relay, NATS, every consumer) costs a request. Meant for `--only create`.
 */
const WITHOUT_EVENTS = ARGS.includes('--without-events');
/**
 * `--rounds N` (3 unless given): each scenario's sides are measured N times in turn (minimal,
 * product SQL, gateway, minimal, …) and its ratios are the medians of the rounds' own. The
 * machine's speed drifts by a third within minutes, and the product's first run after its start
 * is its slowest; a round's sides run within the same half-minute, and the median is neither the
 * luckiest round nor the coldest. Every round is printed. `--rounds 1`: the quick look of before.
 */
const ROUNDS = Math.max(1, Number(/--rounds[= ](\d+)/.exec(ARGS)?.[1] ?? 3));
/** The services' profiles, read over each gateway run when `--cpu-prof` is given. */
const PROFILE = profiling(process.cwd(), CPU_PROFILE);
/** Against the minimal baseline. */
const TARGETS = { minThroughputRatio: 0.5, minCreateThroughputRatio: 0.3, maxP99Ratio: 3, metaP99Ms: 20 };
/** At 100,000 conversations maintained counters must beat counting: the list's req/s target is the baseline's own. */
const minThroughputRatioOf = (name: string) =>
  name === `list at ${number(100_000)}`
    ? 1
    : name.startsWith('message create')
      ? TARGETS.minCreateThroughputRatio
      : TARGETS.minThroughputRatio;

/** The sides of a scenario, measured one after the other in this order. */
const SIDES = ['minimal', 'product SQL', 'gateway'] as const;
type Side = (typeof SIDES)[number];

/** One measurement of every side, one after the other. */
interface Round {
  figures: Record<Side, Figures>;
  /** Where the CPU went during each run (percent of one core, warm-up and the consumers' drain included). */
  cpu: Record<Side, CpuShare[]>;
  /** Whole-pipeline CPU per request: every process of the side (services, NATS, PostgreSQL), until drained. */
  cpuMsPerRequest: Record<Side, number>;
  /** gateway / minimal */
  throughputRatio: number;
  p99Ratio: number;
  /** gateway / product SQL: the framework's overhead */
  overhead: { throughputRatio: number; p99Ratio: number };
}

/** A scenario's figures are its median round's; its ratios the medians of every round's (`--rounds`). */
interface Scenario extends Round {
  name: string;
  rounds: Round[];
  minThroughputRatio: number;
  throughputTargetMet: boolean;
  p99TargetMet: boolean;
}

async function main(): Promise<void> {
  const rootDir = process.cwd();
  const { nodeArgs } = PROFILE;
  const env = WITHOUT_EVENTS ? { OUTBOX_RELAY_ENABLED: 'false' } : undefined;
  const options = { rootDir, adminDatabaseUrl: ADMIN_DATABASE_URL, natsUrl: NATS_URL, nodeArgs, env };
  if (WITHOUT_EVENTS) say('--without-events: no event is published or consumed (a diagnostic: no verdicts)');
  await withBenchRun(options, async (run) => {
    const workspace = await createWorkspace(workspaceOptions(run, NATS_URL), WRITE_CONVERSATIONS);
    const minimal = await startBaseline('minimal-baseline.process', rootDir, run, workspace);
    const product = await startBaseline('baseline-server', rootDir, run, workspace);
    try {
      const scenarios = await compareAll(run, workspace, { minimal: minimal.url, product: product.url });
      printSummary(scenarios);
      const file = writeReport(rootDir, 'messaging', {
        load: LOAD,
        meta_load: META_LOAD,
        write_conversations: WRITE_CONVERSATIONS,
        list_sizes: LIST_SIZES,
        without_events: WITHOUT_EVENTS,
        rounds: ROUNDS,
        targets: TARGETS,
        machine: machine(),
        scenarios,
      });
      say(`\nFigures written to ${file}`);
    } finally {
      await Promise.all([minimal.server.stop(), product.server.stop()]);
    }
  });
  PROFILE.report().forEach(say);
}

/** Message create spread over the workspace's conversations, then the list and its counts at each of LIST_SIZES conversations. */
async function compareAll(
  run: BenchRun,
  workspace: Workspace,
  baselines: { minimal: string; product: string },
): Promise<Scenario[]> {
  const { db, namespace, databaseName, system } = run;
  const gateway = system.gatewayUrl;
  const accountPath = `/api/v1/accounts/${workspace.accountId}`;
  const accountUrl = `${gateway}${accountPath}`;
  // Left-over work (events of the previous run) would slow the next run down; if it never ends, measure anyway and say so.
  const outbox = !WITHOUT_EVENTS;
  const idle = () =>
    waitUntilIdle(db, NATS_URL, namespace, { outbox }).catch((error: Error) => say(`  warning: ${error.message}`));
  const groups = runProcessGroups(
    { namespace, databaseName },
    ['gateway', 'messaging', 'webhook-dispatcher', 'contacts'],
    [
      { name: 'minimal', match: ({ cmdline }) => cmdline.includes('bench/lib/minimal-baseline.process.ts') },
      { name: 'product SQL', match: ({ cmdline }) => cmdline.includes('bench/lib/baseline-server.ts') },
    ],
    NATS_URL,
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
  const bare = (url: string, path: string): Target => ({ url: `${url}${path}` });
  const bareWrite = (url: string): Target => ({
    url,
    paths: spread.map((_, index) => `/messages/${index}`),
    method: 'POST',
    headers: json,
    body: message,
  });
  if (!ONLY || ONLY === 'create')
    scenarios.push(
      await compare(
        `message create (${spread.length} conversation${spread.length === 1 ? '' : 's'})`,
        {
          minimal: bareWrite(baselines.minimal),
          'product SQL': bareWrite(baselines.product),
          gateway: {
            url: gateway,
            paths: spread.map((conversation) => `${accountPath}/conversations/${conversation.displayId}/messages`),
            method: 'POST',
            headers: { ...json, api_access_token: workspace.token },
            body: message,
          },
        },
        idle,
        groups,
      ),
    );

  if (ONLY === 'create') return scenarios;
  let seeded = spread.length;
  const auth = { api_access_token: workspace.token };
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
          {
            minimal: bare(baselines.minimal, '/conversations'),
            'product SQL': bare(baselines.product, '/conversations'),
            gateway: { url: `${accountUrl}/conversations`, headers: auth },
          },
          idle,
          groups,
        ),
      );
  }
  if (!ONLY || ONLY === 'meta')
    scenarios.push(
      await compare(
        `meta at ${number(seeded)}`,
        {
          minimal: bare(baselines.minimal, '/conversations/meta'),
          'product SQL': bare(baselines.product, '/conversations/meta'),
          gateway: { url: `${accountUrl}/conversations/meta`, headers: auth },
        },
        idle,
        groups,
        META_LOAD,
      ),
    );

  return scenarios;
}

/** A bare server of `bench/lib/<script>.ts` as a process of its own, started like a service. */
async function startBaseline(
  script: string,
  rootDir: string,
  run: BenchRun,
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
    name: script,
    script: join(rootDir, 'bench', 'lib', `${script}.ts`),
    cwd: rootDir,
    // Compiled on load, as the benchmark itself is; the services run from dist/.
    env: {
      NODE_OPTIONS: '--require @swc-node/register',
      DATABASE_URL: run.databaseUrl,
      PORT: String(port),
      BASELINE_FIXTURE: JSON.stringify(fixture),
    },
    readyUrl: `${url}/health`,
    logFile: join(run.logDir, `${script}.log`),
  });
  await server.start();
  return { server, url };
}

/** The groups whose CPU a side's pipeline costs: the side's own processes, PostgreSQL and NATS. */
function pipelineOf(side: Side): (name: string) => boolean {
  const shared = (name: string) => name.startsWith('postgres') || name.startsWith('nats-server');
  if (side === 'gateway')
    return (name) =>
      shared(name) || ['gateway', 'messaging', 'webhook-dispatcher', 'contacts', 'other services'].includes(name);
  return (name) => shared(name) || name === side;
}

async function compare(
  name: string,
  targets: Record<Side, Target>,
  beforeEach: () => Promise<void>,
  groups: ProcessGroup[],
  load: LoadSettings = LOAD,
): Promise<Scenario> {
  say(`\n${name} (${load.connections} connections; ${machine()})`);
  const rounds: Round[] = [];
  for (let index = 1; index <= ROUNDS; index++) {
    if (ROUNDS > 1) say(`  round ${index} of ${ROUNDS}`);
    const round = await measureRound(
      `${name}${ROUNDS > 1 ? `, round ${index}` : ''}`,
      targets,
      beforeEach,
      groups,
      load,
    );
    if (ROUNDS > 1) say(`  round ${index}     ${roundLine(round)}`);
    rounds.push(round);
  }
  const median = (of: (round: Round) => number) => {
    const values = rounds.map(of).sort((a, b) => a - b);
    const middle = Math.floor(values.length / 2);
    return values.length % 2 === 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
  };
  const throughputRatio = median((round) => round.throughputRatio);
  const p99Ratio = median((round) => round.p99Ratio);
  // The round whose ratio is nearest the median gives the figures shown beside it.
  const shown = rounds.reduce((best, round) =>
    Math.abs(round.throughputRatio - throughputRatio) < Math.abs(best.throughputRatio - throughputRatio) ? round : best,
  );
  const minThroughputRatio = minThroughputRatioOf(name);
  const scenario: Scenario = {
    ...shown,
    name,
    rounds,
    throughputRatio,
    p99Ratio,
    overhead: {
      throughputRatio: median((round) => round.overhead.throughputRatio),
      p99Ratio: median((round) => round.overhead.p99Ratio),
    },
    minThroughputRatio,
    throughputTargetMet: throughputRatio >= minThroughputRatio,
    p99TargetMet: p99Ratio <= TARGETS.maxP99Ratio,
  };
  say(`  ratio       ${ROUNDS > 1 ? `median of ${ROUNDS} rounds: ` : ''}${ratioLine(scenario)}`);
  return scenario;
}

async function measureRound(
  name: string,
  targets: Record<Side, Target>,
  beforeEach: () => Promise<void>,
  groups: ProcessGroup[],
  load: LoadSettings,
): Promise<Round> {
  const figures = {} as Record<Side, Figures>;
  const cpu = {} as Record<Side, CpuShare[]>;
  const cpuMs = {} as Record<Side, number>;
  for (const side of SIDES) {
    await beforeEach();
    const sampler = new CpuSampler(groups);
    const run = () => measure(targets[side], load);
    figures[side] = side === 'gateway' ? await PROFILE.phase(`${name}, gateway`, run) : await run();
    // The window closes once every consumer has drained what the run produced, so their work counts.
    await beforeEach();
    cpu[side] = sampler.stop();
    const included = pipelineOf(side);
    const busyMs = cpu[side].filter((share) => included(share.name)).reduce((sum, share) => sum + share.cpuMs, 0);
    cpuMs[side] = busyMs / (figures[side].requests + figures[side].warmupRequests || 1);
    say(`  ${side.padEnd(11)} ${summarize(figures[side])}`);
    say(
      `              CPU ${cpuMs[side].toFixed(2)} ms/request (pipeline, until drained); % of one core: ${cpuSummary(cpu[side].filter((share) => share.percentOfCore > 0))}`,
    );
  }
  const ratio = (of: Side) => ({
    throughputRatio: figures.gateway.requestsPerSecond / figures[of].requestsPerSecond,
    p99Ratio: figures.gateway.p99Ms / figures[of].p99Ms,
  });
  return { figures, cpu, cpuMsPerRequest: cpuMs, ...ratio('minimal'), overhead: ratio('product SQL') };
}

/** A round's own ratios (the verdicts go by the median of the rounds). */
function roundLine(round: Round): string {
  return (
    `vs minimal: req/s ${round.throughputRatio.toFixed(2)}×, p99 ${round.p99Ratio.toFixed(2)}×;   ` +
    `vs product SQL: req/s ${round.overhead.throughputRatio.toFixed(2)}×, p99 ${round.overhead.p99Ratio.toFixed(2)}×;   ` +
    `CPU ${round.cpuMsPerRequest.gateway.toFixed(2)} ms/request vs ${round.cpuMsPerRequest.minimal.toFixed(2)} minimal`
  );
}

function ratioLine(scenario: Scenario): string {
  // Without events the pipeline is not the product's: its figures explain, they do not count.
  const verdict = (met: boolean) => (WITHOUT_EVENTS ? 'no verdict' : met ? 'met' : 'MISSED');
  const { cpuMsPerRequest: cpu, overhead } = scenario;
  const meta = scenario.name.startsWith('meta')
    ? `   p99 ${number(scenario.figures.gateway.p99Ms)} ms (target ≤ ${TARGETS.metaP99Ms} ms: ${verdict(scenario.figures.gateway.p99Ms <= TARGETS.metaP99Ms)})`
    : '';
  return (
    `vs minimal: req/s ${scenario.throughputRatio.toFixed(2)}× (target ≥ ${scenario.minThroughputRatio}×: ${verdict(scenario.throughputTargetMet)}), ` +
    `p99 ${scenario.p99Ratio.toFixed(2)}× (target ≤ ${TARGETS.maxP99Ratio}×: ${verdict(scenario.p99TargetMet)});   ` +
    `vs product SQL: req/s ${overhead.throughputRatio.toFixed(2)}×, p99 ${overhead.p99Ratio.toFixed(2)}×;   ` +
    `CPU ${cpu.gateway.toFixed(2)} ms/request vs ${cpu.minimal.toFixed(2)} minimal, ${cpu['product SQL'].toFixed(2)} product SQL${meta}`
  );
}

function printSummary(scenarios: Scenario[]): void {
  const row = (cells: string[]) =>
    say(cells.map((cell, index) => (index < 2 ? cell.padEnd([34, 12][index]) : cell.padStart(10))).join(' '));
  say(`\nSummary (each side in the same run; ${machine()})`);
  row(['scenario', 'side', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req', 'failed']);
  for (const scenario of scenarios) {
    for (const side of SIDES) {
      const figures = scenario.figures[side];
      row([
        side === 'minimal' ? scenario.name : '',
        side,
        number(figures.requestsPerSecond),
        number(figures.p50Ms),
        number(figures.p99Ms),
        scenario.cpuMsPerRequest[side].toFixed(2),
        number(figures.non2xx + figures.errors + figures.timeouts),
      ]);
    }
    row(['', 'vs minimal', `${scenario.throughputRatio.toFixed(2)}×`, '', `${scenario.p99Ratio.toFixed(2)}×`, '', '']);
    row([
      '',
      'vs product',
      `${scenario.overhead.throughputRatio.toFixed(2)}×`,
      '',
      `${scenario.overhead.p99Ratio.toFixed(2)}×`,
      '',
      '',
    ]);
  }
  say(
    `Targets against the minimal baseline: gateway req/s ≥ ${TARGETS.minCreateThroughputRatio}× for message create, ≥ ${TARGETS.minThroughputRatio}× for the list (≥ 1× at 100,000), p99 ≤ ${TARGETS.maxP99Ratio}×, meta p99 ≤ ${TARGETS.metaP99Ms} ms`,
  );
  for (const scenario of scenarios) say(`  ${scenario.name}: ${ratioLine(scenario)}`);
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    process.stderr.write(`\nThe benchmark could not run: ${error.stack ?? error.message}\n`);
    process.exit(1);
  },
);
