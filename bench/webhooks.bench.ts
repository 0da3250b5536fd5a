import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from 'pg';
import { metricSample } from '@parley/testing';
import { DeliverySink, type Arrival } from './lib/delivery-sink';
import { profiling } from './lib/cpu-profile';
import { EventPublisher } from './lib/event-publisher';
import { MessagePoster } from './lib/message-poster';
import { MINIMAL_WEBHOOKS_SCRIPT, MinimalWebhooks } from './lib/minimal-webhooks';
import { quantile } from './lib/quantile';
import { number } from './lib/load';
import {
  CpuSampler,
  cpuSummary,
  runProcessGroups,
  wakesSummary,
  type CpuShare,
  type ProcessGroup,
} from './lib/process-cpu';
import { machine, say, seconds, withBenchRun, writeReport, type BenchRun } from './lib/run';
import { createWorkspace, workspaceOptions } from './lib/workspace';

/**
 * `npm run bench:webhooks`: events published on JetStream as the producing services do, fanned
 * out by the webhook dispatcher to 10 webhooks on a local HTTPS receiver. Prints deliveries per
 * second and the event → delivery latency (publish to arrival at the receiver) for a burst
 * (throughput; its latency mostly measures the queue), a steady open-loop rate (latency), and
 * the same rate with one receiver answering slowly (the others must not wait for it). Messages
 * created through the API go the same way, each phase measured first on the minimal baseline
 * (lib/minimal-webhooks.process.ts, the physical limit) in the same run. It reports; it never
 * fails on a target.
 */

const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const WEBHOOKS = 10;
const BURST_EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 2000);
const STEADY_RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 100);
const STEADY_SECONDS = Number(process.env.BENCH_DURATION_S ?? 10);
/** Head-of-line check: one webhook's receiver answers this slowly while the others answer at once. */
const SLOW_HOOK = 0;
const SLOW_ANSWER_MS = 500;
const SLOW_SECONDS = 5;
const WARMUP_EVENTS = 50;
const TARGETS = { minDeliveriesPerSecond: 1000, maxP99Ms: 250 };
/** Messages created through the API, 10 webhooks on message_created: message 201 → delivery. */
const MESSAGE_BURST = Number(process.env.BENCH_WEBHOOK_MESSAGES ?? 2000);
const MESSAGE_TARGETS = { minDeliveriesPerSecond: 2000, maxP99Ms: 150 };
/** The message phases' figures as issue #31 measured them on this harness: before the regression, and with it. */
const PREVIOUS = {
  before: { deliveriesPerSecond: '1,257', p99Ms: '169' },
  regressed: { deliveriesPerSecond: '~910', p99Ms: '375–530' },
};
const ARGS = process.argv.slice(2).join(' ');
/** `--only events|messages`: the published-event phases or the message phases alone. */
const ONLY = /--only[= ](events|messages)/.exec(ARGS)?.[1];
/** `--cpu-prof`: every service runs under `node --cpu-prof`; their top self time is printed at the end. */
const CPU_PROFILE = ARGS.includes('--cpu-prof');
/** The services' profiles, read over each phase when `--cpu-prof` is given. */
const PROFILE = profiling(process.cwd(), CPU_PROFILE);
/** Give up on a phase when no delivery arrived for this long. */
const STALL_MS = 30_000;

interface Phase {
  name: string;
  events: number;
  /** events × webhooks */
  expected: number;
  delivered: number;
  duplicates: number;
  missing: number;
  /** From the first publish to the last arrival. */
  elapsedMs: number;
  deliveriesPerSecond: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  /**
   * Where the time went, from the dispatcher's own records: publish → delivery row written (the
   * event consumed and fanned out), row written → first attempt started (the send queue), and
   * the attempt itself (request to answer, as the delivery log shows it).
   */
  stages: {
    fanOutP50Ms: number;
    fanOutP99Ms: number;
    queueP50Ms: number;
    queueP99Ms: number;
    attemptP50Ms: number;
    attemptP99Ms: number;
    /** Deliveries the dispatcher leased by the insert that wrote them (slots were free), and by a claim. */
    leasedByInsert: number;
    leasedByClaim: number;
  };
  /** Per process group, percent of one core during the phase. */
  cpu: CpuShare[];
  loadAverage1m: number;
  /** The phase with a slow receiver: its own figures (the others' are the phase's). */
  slowReceiver?: { hook: number; answerMs: number; delivered: number; p50Ms: number; p99Ms: number };
}

type Figures = Omit<Phase, 'cpu' | 'loadAverage1m' | 'stages' | 'slowReceiver'>;

async function main(): Promise<void> {
  const rootDir = process.cwd();
  const sinkDir = join(rootDir, 'tmp', 'bench', `webhook-sink-${Date.now().toString(36)}`);
  const sink = await DeliverySink.start(sinkDir);
  try {
    await withBenchRun(
      {
        rootDir,
        adminDatabaseUrl: ADMIN_DATABASE_URL,
        natsUrl: NATS_URL,
        nodeArgs: PROFILE.nodeArgs,
        // The receiver is on this machine: exempt it from the public-address rule and trust its CA.
        env: { WEBHOOK_ALLOWED_HOSTS: sink.hostAndPort, NODE_EXTRA_CA_CERTS: sink.caCertPath, ...dispatcherSettings() },
      },
      (run) => measureRun(run, sink, rootDir),
    );
  } finally {
    await sink.stop();
    // Its throw-away CA and key.
    rmSync(sinkDir, { recursive: true, force: true });
  }
  PROFILE.report().forEach(say);
}

/** Dispatcher settings given to the benchmark's environment are passed on (e.g. WEBHOOK_CONCURRENCY=16). */
function dispatcherSettings(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[0].startsWith('WEBHOOK_') && entry[1] !== undefined,
    ),
  );
}

async function measureRun(run: BenchRun, sink: DeliverySink, rootDir: string): Promise<void> {
  const groups = processGroups(run, sink);
  say(`\n${WEBHOOKS} webhooks on ${sink.hostAndPort}; ${machine()}`);
  const events = ONLY === 'messages' ? null : await measureEvents(run, sink, groups);
  const messages = ONLY === 'events' ? null : await measureMessages(run, sink, groups, rootDir);
  const phases = [...(events?.phases ?? []), ...(messages?.phases ?? [])];
  printSummary(phases, events?.verdicts ?? null, messages);
  const file = writeReport(rootDir, 'webhooks', {
    webhooks: WEBHOOKS,
    targets: TARGETS,
    message_targets: MESSAGE_TARGETS,
    previous: PREVIOUS,
    settings: {
      burstEvents: BURST_EVENTS,
      messageBurst: MESSAGE_BURST,
      steadyRate: STEADY_RATE,
      steadySeconds: STEADY_SECONDS,
      dispatcher: dispatcherSettings(),
    },
    phases,
    minimal: messages?.minimal,
    events: events?.verdicts,
    messages: messages?.verdicts,
  });
  say(`\nFigures written to ${file}`);
}

interface Verdicts {
  throughputTargetMet: boolean;
  latencyTargetMet: boolean;
}

function verdictsOf([burst, steady]: Phase[], targets: typeof TARGETS): Verdicts {
  return {
    throughputTargetMet: burst.deliveriesPerSecond >= targets.minDeliveriesPerSecond && burst.missing === 0,
    latencyTargetMet: steady.p99Ms <= targets.maxP99Ms && steady.missing === 0,
  };
}

/** `contact.updated` published on JetStream as contacts does: a burst, a steady rate, a steady rate with one slow receiver. */
async function measureEvents(
  run: BenchRun,
  sink: DeliverySink,
  groups: ProcessGroup[],
): Promise<{ phases: Phase[]; verdicts: Verdicts }> {
  const { accountId, token } = await createAccount(run);
  const webhookIds = await subscribe(run, sink, accountId, token, 'contact_updated');
  const publisher = await EventPublisher.connect(NATS_URL, run.namespace, accountId);
  try {
    say(`\nPublished events: account ${accountId}, webhooks subscribed to contact_updated`);
    say(`Warm-up: ${WARMUP_EVENTS} events …`);
    await publisher.burst(WARMUP_EVENTS);
    await collect(sink, WARMUP_EVENTS * WEBHOOKS);
    await settled(run.db);

    const phases: Phase[] = [];
    say(`\nBurst: ${number(BURST_EVENTS)} events published at once → ${number(BURST_EVENTS * WEBHOOKS)} deliveries`);
    const context = {
      groups,
      sink,
      publishedAt: publisher.publishedAt,
      db: run.db,
      webhookIds,
      dispatcherMetricsUrl: dispatcherMetricsUrl(run),
      unit: 'event' as const,
    };
    phases.push(await phase('burst', context, () => publisher.burst(BURST_EVENTS)));
    say(
      `\nSteady: ${STEADY_RATE} events/s for ${STEADY_SECONDS} s → ${number(STEADY_RATE * WEBHOOKS)} deliveries/s offered`,
    );
    phases.push(await phase(`steady ${STEADY_RATE}/s`, context, () => publisher.steady(STEADY_RATE, STEADY_SECONDS)));
    say(
      `\nSteady with a slow receiver: ${STEADY_RATE} events/s for ${SLOW_SECONDS} s; webhook ${SLOW_HOOK}'s receiver answers after ${SLOW_ANSWER_MS} ms (figures for the other ${WEBHOOKS - 1})`,
    );
    await sink.slow(SLOW_HOOK, SLOW_ANSWER_MS);
    phases.push(await phase('one slow', context, () => publisher.steady(STEADY_RATE, SLOW_SECONDS), SLOW_HOOK));
    await sink.slow(null, 0);
    return { phases, verdicts: verdictsOf(phases, TARGETS) };
  } finally {
    await publisher.close();
  }
}

/**
 * The whole path: messages created through the API (gateway, messaging, its outbox and relay)
 * with 10 webhooks on message_created, every other consumer of the message's event running
 * beside the dispatcher, timed from the message's 201 to the delivery's arrival. Each phase runs
 * first on the minimal baseline (`minimal-webhooks.process.ts`), then on the product.
 */
async function measureMessages(
  run: BenchRun,
  sink: DeliverySink,
  groups: ProcessGroup[],
  rootDir: string,
): Promise<MessagePhases> {
  const workspace = await createWorkspace(workspaceOptions(run, NATS_URL), 50);
  const webhookIds = await subscribe(run, sink, workspace.accountId, workspace.token, 'message_created');
  const poster = new MessagePoster(run.system.gatewayUrl, workspace, run.db);
  const hookUrls = Array.from({ length: WEBHOOKS }, (_, hook) => sink.url(hook));
  const minimal = await MinimalWebhooks.start(rootDir, run, workspace, hookUrls, sink.caCertPath);
  try {
    say(`\nMessages through the API: account ${workspace.accountId}, 50 conversations, webhooks on message_created`);
    say(`Warm-up: ${WARMUP_EVENTS} messages on each side …`);
    await minimal.burst(WARMUP_EVENTS);
    await collect(sink, WARMUP_EVENTS * WEBHOOKS);
    await minimal.settled();
    await poster.burst(WARMUP_EVENTS);
    await collect(sink, WARMUP_EVENTS * WEBHOOKS);
    await settled(run.db);
    const context = {
      groups,
      sink,
      publishedAt: poster.publishedAt,
      db: run.db,
      webhookIds,
      label: 'Parley   ',
      dispatcherMetricsUrl: dispatcherMetricsUrl(run),
      unit: 'message' as const,
    };
    const phases: Phase[] = [];
    const baselines: Figures[] = [];
    const both = async (name: string, onMinimal: () => Promise<string[]>, onProduct: () => Promise<string[]>) => {
      baselines.push(await minimalPhase(name, groups, sink, minimal, onMinimal));
      phases.push(await phase(name, context, onProduct));
    };
    say(
      `\nMessage burst: ${number(MESSAGE_BURST)} messages, 32 posting at a time → ${number(MESSAGE_BURST * WEBHOOKS)} deliveries`,
    );
    await both(
      'message burst',
      () => minimal.burst(MESSAGE_BURST),
      () => poster.burst(MESSAGE_BURST),
    );
    say(`\nMessages steady: ${STEADY_RATE} messages/s for ${STEADY_SECONDS} s`);
    await both(
      `messages ${STEADY_RATE}/s`,
      () => minimal.steady(STEADY_RATE, STEADY_SECONDS),
      () => poster.steady(STEADY_RATE, STEADY_SECONDS),
    );
    return { phases, minimal: baselines, verdicts: verdictsOf(phases, MESSAGE_TARGETS) };
  } finally {
    await minimal.stop();
  }
}

interface MessagePhases {
  phases: Phase[];
  /** The minimal baseline's figures of the same phases, in the same order. */
  minimal: Figures[];
  verdicts: Verdicts;
}

/** A phase on the minimal baseline: its figures and CPU, printed as `minimal`. */
async function minimalPhase(
  name: string,
  groups: ProcessGroup[],
  sink: DeliverySink,
  minimal: MinimalWebhooks,
  publish: () => Promise<string[]>,
): Promise<Figures> {
  const cpu = new CpuSampler(groups);
  const ids = await publish();
  const arrivals = await collect(sink, ids.length * WEBHOOKS);
  const shares = cpu.stop();
  const figures = figuresOf(name, ids, arrivals, minimal.publishedAt, () => true);
  say(`  minimal  ${line(figures)}`);
  say(`           CPU (% of one core): ${cpuSummary(shares.filter((share) => share.percentOfCore > 0))}`);
  say(`           threads woken per message: ${wakesSummary(shares, ids.length)}`);
  await minimal.settled();
  return figures;
}

interface PhaseContext {
  groups: ProcessGroup[];
  sink: DeliverySink;
  /** Event id → when it started (its publish, or its message's 201). */
  publishedAt: Map<string, number>;
  db: Client;
  /** Webhook id of each hook (receiver path) number. */
  webhookIds: number[];
  /** Before the phase's figures, where a baseline's are printed beside them. */
  label?: string;
  /** The dispatcher's /metrics. */
  dispatcherMetricsUrl: string;
  /** What one publish is, for the figures a publish: a message through the API or a published event. */
  unit: 'message' | 'event';
}

async function phase(
  name: string,
  { groups, sink, publishedAt, db, webhookIds, label = '', dispatcherMetricsUrl, unit }: PhaseContext,
  publish: () => Promise<string[]>,
  slowHook: number | null = null,
): Promise<Phase> {
  const leasesBefore = await leasesTaken(dispatcherMetricsUrl);
  const cpu = new CpuSampler(groups);
  const { ids, arrivals } = await PROFILE.phase(name, async () => {
    const ids = await publish();
    return { ids, arrivals: await collect(sink, ids.length * WEBHOOKS) };
  });
  const shares = cpu.stop();
  const figures = figuresOf(name, ids, arrivals, publishedAt, (hook) => hook !== slowHook);
  say(`  ${label}${line(figures)}`);
  let slowReceiver: Phase['slowReceiver'];
  if (slowHook !== null) {
    const slow = figuresOf(name, ids, arrivals, publishedAt, (hook) => hook === slowHook);
    slowReceiver = {
      hook: slowHook,
      answerMs: SLOW_ANSWER_MS,
      delivered: slow.delivered,
      p50Ms: slow.p50Ms,
      p99Ms: slow.p99Ms,
    };
    say(
      `  the slow receiver: ${number(slow.delivered)} deliveries, latency p50 ${slow.p50Ms} ms, p99 ${slow.p99Ms} ms (it takes WEBHOOK_TARGET_CONCURRENCY slots at most)`,
    );
  }
  await settled(db);
  const leasesAfter = await leasesTaken(dispatcherMetricsUrl);
  const stages = {
    ...(await stagesOf(db, ids, publishedAt, slowHook === null ? [] : [webhookIds[slowHook]])),
    leasedByInsert: leasesAfter.insert - leasesBefore.insert,
    leasedByClaim: leasesAfter.claim - leasesBefore.claim,
  };
  say(
    `  stages (p50/p99 ms): publish → fanned out ${stages.fanOutP50Ms}/${stages.fanOutP99Ms}, ` +
      `fanned out → attempt started ${stages.queueP50Ms}/${stages.queueP99Ms}, attempt ${stages.attemptP50Ms}/${stages.attemptP99Ms}; ` +
      `leased by their insert ${number(stages.leasedByInsert)}, by a claim ${number(stages.leasedByClaim)}`,
  );
  say(`  CPU (% of one core): ${cpuSummary(shares.filter((share) => share.percentOfCore > 0))}`);
  say(`  threads woken per ${unit}: ${wakesSummary(shares, ids.length)}`);
  return { ...figures, stages, cpu: shares, loadAverage1m: loadavg()[0], ...(slowReceiver ? { slowReceiver } : {}) };
}

function dispatcherMetricsUrl(run: BenchRun): string {
  return `${run.system.healthUrls['webhook-dispatcher']}/metrics`;
}

/** `parley_webhook_leases_total` so far, by how the leases were taken. */
async function leasesTaken(metricsUrl: string): Promise<{ insert: number; claim: number }> {
  const text = await (await fetch(metricsUrl)).text();
  const count = (by: string) => metricSample(text, 'parley_webhook_leases_total', { by }) ?? 0;
  return { insert: count('insert'), claim: count('claim') };
}

/** Waits until `expected` requests arrived (or nothing more came for a while) and takes them from the receiver. */
async function collect(sink: DeliverySink, expected: number): Promise<Arrival[]> {
  let last = -1;
  let lastChange = Date.now();
  for (;;) {
    const count = await sink.count();
    if (count >= expected) break;
    if (count !== last) [last, lastChange] = [count, Date.now()];
    if (Date.now() - lastChange > STALL_MS) {
      say(`  warning: only ${count} of ${expected} deliveries arrived; nothing more for ${STALL_MS / 1000} s`);
      break;
    }
    await sleep(50);
  }
  // A moment for duplicates (none expected) to show.
  await sleep(200);
  return sink.take();
}

/** Until every delivery's outcome is recorded: the next phase starts on a quiet dispatcher. */
async function settled(db: Client): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM webhook_dispatcher.deliveries WHERE state = 'pending'`,
    );
    if (rows[0].n === 0) return;
    await sleep(100);
  }
  say('  warning: deliveries still pending after 60 s');
}

async function stagesOf(
  db: Client,
  ids: string[],
  publishedAt: Map<string, number>,
  leaveOut: number[],
): Promise<Omit<Phase['stages'], 'leasedByInsert' | 'leasedByClaim'>> {
  const { rows } = await db.query<{ event_id: string; created: number; attempted: number; latency_ms: number }>(
    `SELECT d.event_id, extract(epoch FROM d.created_at) * 1000 AS created, extract(epoch FROM a.attempted_at) * 1000 AS attempted, a.latency_ms
       FROM webhook_dispatcher.deliveries d
       JOIN webhook_dispatcher.delivery_attempts a ON a.delivery_id = d.id AND a.attempt = 1
      WHERE d.event_id = ANY ($1::text[]) AND d.webhook_id <> ALL ($2::int[])`,
    [ids, leaveOut],
  );
  const fanOut = rows.map((row) => Number(row.created) - publishedAt.get(row.event_id)!).sort((a, b) => a - b);
  const queue = rows.map((row) => Number(row.attempted) - Number(row.created)).sort((a, b) => a - b);
  const attempt = rows.map((row) => row.latency_ms).sort((a, b) => a - b);
  return {
    fanOutP50Ms: quantile(fanOut, 0.5),
    fanOutP99Ms: quantile(fanOut, 0.99),
    queueP50Ms: quantile(queue, 0.5),
    queueP99Ms: quantile(queue, 0.99),
    attemptP50Ms: quantile(attempt, 0.5),
    attemptP99Ms: quantile(attempt, 0.99),
  };
}

/** Figures of the deliveries to the webhooks `counted` accepts. */
function figuresOf(
  name: string,
  ids: string[],
  arrivals: Arrival[],
  publishedAt: Map<string, number>,
  counted: (hook: number) => boolean,
): Figures {
  const hooks = Array.from({ length: WEBHOOKS }, (_, hook) => hook).filter(counted).length;
  const wanted = new Set(ids);
  const seen = new Set<string>();
  const latencies: number[] = [];
  let duplicates = 0;
  let lastArrival = 0;
  for (const arrival of arrivals) {
    if (!wanted.has(arrival.eventId) || !counted(arrival.hook)) continue;
    const key = `${arrival.eventId}/${arrival.hook}`;
    if (seen.has(key)) {
      duplicates++;
      continue;
    }
    seen.add(key);
    latencies.push(arrival.at - publishedAt.get(arrival.eventId)!);
    lastArrival = Math.max(lastArrival, arrival.at);
  }
  latencies.sort((a, b) => a - b);
  const firstPublish = Math.min(...ids.map((id) => publishedAt.get(id)!));
  const elapsedMs = lastArrival - firstPublish;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    name,
    events: ids.length,
    expected: ids.length * hooks,
    delivered: seen.size,
    duplicates,
    missing: ids.length * hooks - seen.size,
    elapsedMs: Math.round(elapsedMs),
    deliveriesPerSecond: Math.round(seen.size / (elapsedMs / 1000)),
    p50Ms: quantile(latencies, 0.5),
    p90Ms: quantile(latencies, 0.9),
    p99Ms: quantile(latencies, 0.99),
    maxMs: round(latencies[latencies.length - 1] ?? NaN),
  };
}

function line(phase: Figures): string {
  const problems = [
    phase.missing ? `${phase.missing} MISSING` : '',
    phase.duplicates ? `${phase.duplicates} duplicates` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    `${number(phase.delivered)} deliveries in ${seconds(phase.elapsedMs)}: ${number(phase.deliveriesPerSecond)} deliveries/s; ` +
    `latency p50 ${phase.p50Ms} ms, p90 ${phase.p90Ms} ms, p99 ${phase.p99Ms} ms, max ${phase.maxMs} ms${problems ? `; ${problems}` : ''}`
  );
}

function printSummary(phases: Phase[], events: Verdicts | null, messages: MessagePhases | null): void {
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  const row = (cells: string[]) =>
    say(cells.map((cell, index) => (index === 0 ? cell.padEnd(24) : cell.padStart(11))).join(' '));
  const figures = (name: string, phase: Figures, loadAverage: string) =>
    row([
      name,
      number(phase.delivered),
      number(phase.deliveriesPerSecond),
      String(phase.p50Ms),
      String(phase.p99Ms),
      String(phase.maxMs),
      loadAverage,
    ]);
  say(
    `\nSummary (${WEBHOOKS} webhooks, latency from the publish or the message's 201 to arrival at the receiver; ${machine()})`,
  );
  row(['phase', 'deliveries', 'per second', 'p50 ms', 'p99 ms', 'max ms', 'load avg']);
  const messagePhases = messages ? phases.slice(-messages.minimal.length) : [];
  for (const phase of phases) {
    const baseline = messages?.minimal[messagePhases.indexOf(phase)];
    if (baseline) figures(`${phase.name}, minimal`, baseline, '');
    figures(baseline ? `${phase.name}, Parley` : phase.name, phase, phase.loadAverage1m.toFixed(2));
  }
  if (events)
    say(
      `Published events: ≥ ${number(TARGETS.minDeliveriesPerSecond)} deliveries/s (burst): ${verdict(events.throughputTargetMet)}; p99 ≤ ${TARGETS.maxP99Ms} ms (steady): ${verdict(events.latencyTargetMet)}`,
    );
  if (messages) {
    const [burst, steady] = messagePhases;
    const [minimalBurst, minimalSteady] = messages.minimal;
    say(
      `Messages: ≥ ${number(MESSAGE_TARGETS.minDeliveriesPerSecond)} deliveries/s (burst): ${verdict(messages.verdicts.throughputTargetMet)}; p99 ≤ ${MESSAGE_TARGETS.maxP99Ms} ms (steady): ${verdict(messages.verdicts.latencyTargetMet)}`,
    );
    say(
      `  vs the minimal baseline in this run: burst ${ratio(burst.deliveriesPerSecond, minimalBurst.deliveriesPerSecond)} its deliveries/s ` +
        `(${number(minimalBurst.deliveriesPerSecond)}/s), steady p99 ${ratio(steady.p99Ms, minimalSteady.p99Ms)} its p99 (${minimalSteady.p99Ms} ms)`,
    );
    say(
      `  now ${number(burst.deliveriesPerSecond)} deliveries/s, p99 ${steady.p99Ms} ms; previously ${PREVIOUS.before.deliveriesPerSecond}/s, p99 ${PREVIOUS.before.p99Ms} ms, ` +
        `then ${PREVIOUS.regressed.deliveriesPerSecond}/s, p99 ${PREVIOUS.regressed.p99Ms} ms (issue #31)`,
    );
  }
}

function ratio(value: number, baseline: number): string {
  return `${(value / baseline).toFixed(2)}×`;
}

/** The processes whose CPU is reported: this run's dispatcher, its other services, its database backends, NATS, the receiver, the publisher. */
function processGroups(run: BenchRun, sink: DeliverySink): ProcessGroup[] {
  return runProcessGroups(
    run,
    ['webhook-dispatcher', 'messaging', 'gateway'],
    [
      { name: 'receiver', match: ({ pid }) => pid === sink.pid },
      { name: 'minimal', match: ({ cmdline }) => cmdline.includes(MINIMAL_WEBHOOKS_SCRIPT) },
    ],
    NATS_URL,
  );
}

async function call(run: BenchRun, path: string, token: string, body: unknown): Promise<any> {
  const response = await fetch(`${run.system.gatewayUrl}${path}`, {
    method: 'POST',
    headers: { api_access_token: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/** An account with an administrator: the account's id and the administrator's token. */
async function createAccount(run: BenchRun): Promise<{ accountId: number; token: string }> {
  const platform = (path: string, body: unknown) => call(run, `/platform/api/v1${path}`, run.platformApiToken, body);
  const account = await platform('/accounts', { name: 'Webhook benchmark' });
  const admin = await platform('/users', {
    name: 'Bench administrator',
    email: `admin-${randomBytes(6).toString('hex')}@example.com`,
  });
  await platform(`/accounts/${account.id}/account_users`, { user_id: admin.id, role: 'administrator' });
  return { accountId: account.id, token: admin.access_token };
}

/** WEBHOOKS webhooks of the account on `event`, hook n to the receiver's `/hooks/<n>`; answers their ids. */
async function subscribe(
  run: BenchRun,
  sink: DeliverySink,
  accountId: number,
  token: string,
  event: string,
): Promise<number[]> {
  const webhookIds: number[] = [];
  for (let hook = 0; hook < WEBHOOKS; hook++) {
    const webhook = await call(run, `/api/v1/accounts/${accountId}/webhooks`, token, {
      url: sink.url(hook),
      subscriptions: [event],
    });
    webhookIds.push(webhook.id);
  }
  return webhookIds;
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    process.stderr.write(`\nThe benchmark could not run: ${error.stack ?? error.message}\n`);
    process.exit(1);
  },
);
