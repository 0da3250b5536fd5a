import { setTimeout as sleep } from 'node:timers/promises';
import { measure, number, summarize, type Figures, type LoadSettings } from './lib/load';
import { CpuSampler, cpuSummary, runProcessGroups, type CpuShare, type ProcessGroup } from './lib/process-cpu';
import { machine, say, withBenchRun, writeReport, type BenchRun } from './lib/run';
import { createWorkspace, seedConversations, waitUntilIdle, type Workspace } from './lib/workspace';

/**
 * `npm run bench:automation`: an account with 50 active rules on `message_created`, one in ten
 * matching each message (adding a label). Prints the message-create throughput through the
 * gateway with the rules inactive and active (closed loop), then, at a steady open-loop rate,
 * evaluated events per second, the message 201 → label committed latency (the label change's
 * outbox row in messaging: visible from then on) and the CPU share of each service. It reports;
 * it never fails on a target.
 */

const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const RULES = 50;
/** Each message names 5 of the 50 rules' tags: one rule in ten matches. */
const MATCHES_PER_MESSAGE = 5;
const RATE = Number(process.env.BENCH_AUTOMATION_RATE ?? 100);
const STEADY_SECONDS = Number(process.env.BENCH_DURATION_S ?? 10);
const LOAD: LoadSettings = { connections: 32, durationSeconds: STEADY_SECONDS, warmupSeconds: 3 };
const TARGETS = { maxP99Ms: 500, minThroughputRatio: 0.8 };

const tag = (rule: number) => `#t${String(rule).padStart(2, '0')}#`;
const contentFor = (n: number) =>
  `Order question ${n}: ${Array.from({ length: MATCHES_PER_MESSAGE }, (_, i) => tag((n % (RULES / MATCHES_PER_MESSAGE)) + i * (RULES / MATCHES_PER_MESSAGE))).join(' ')}`;

async function main(): Promise<void> {
  const rootDir = process.cwd();
  await withBenchRun({ rootDir, adminDatabaseUrl: ADMIN_DATABASE_URL, natsUrl: NATS_URL }, async (run) => {
    const workspace = await createWorkspace({
      gatewayUrl: run.system.gatewayUrl,
      platformApiToken: run.platformApiToken,
      natsUrl: NATS_URL,
      namespace: run.namespace,
      db: run.db,
    });
    const api = accountApi(run, workspace);
    const ruleIds = await createRules(api);
    const groups = runProcessGroups({ namespace: run.namespace, databaseName: run.databaseName }, [
      'gateway',
      'messaging',
      'automation',
    ]);
    const idle = () =>
      waitUntilIdle(run.db, NATS_URL, run.namespace).catch((error: Error) => say(`  warning: ${error.message}`));
    say(`\n${RULES} rules on message_created, ${MATCHES_PER_MESSAGE} matching each message; ${machine()}`);

    const createMessage = {
      url: `${api.url}/conversations/${workspace.conversation.displayId}/messages`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json', api_access_token: workspace.token },
      body: JSON.stringify({ content: contentFor(1), message_type: 'outgoing' }),
    };
    await setActive(api, ruleIds, false);
    await idle();
    say(`\nMessage create, ${LOAD.connections} connections, rules inactive`);
    const without = await measured(groups, () => measure(createMessage, LOAD));
    say(`  ${summarize(without.figures)}\n  CPU: ${cpuSummary(without.cpu)}`);
    await setActive(api, ruleIds, true);
    await idle();
    say(`\nMessage create, ${LOAD.connections} connections, rules active`);
    const withRules = await measured(groups, () => measure(createMessage, LOAD));
    say(`  ${summarize(withRules.figures)}\n  CPU: ${cpuSummary(withRules.cpu)}`);
    await idle();

    say(`\nSteady: ${RATE} messages/s for ${STEADY_SECONDS} s, each on a conversation of its own`);
    const steady = await steadyPhase(run, workspace, api, groups);
    await idle();

    const throughputRatio = withRules.figures.requestsPerSecond / without.figures.requestsPerSecond;
    const verdicts = {
      latencyTargetMet: steady.p99Ms <= TARGETS.maxP99Ms,
      throughputTargetMet: throughputRatio >= TARGETS.minThroughputRatio,
    };
    say('\nSummary');
    say(
      `  message create: ${number(withRules.figures.requestsPerSecond)} req/s with the rules, ${number(without.figures.requestsPerSecond)} without → ${throughputRatio.toFixed(2)}× (target ≥ ${TARGETS.minThroughputRatio}×)`,
    );
    say(
      `  steady ${RATE}/s: ${number(steady.evaluatedPerSecond)} events evaluated/s, 201 → label p50 ${steady.p50Ms} ms, p99 ${steady.p99Ms} ms (target ≤ ${TARGETS.maxP99Ms} ms), ${steady.missing} labels missing`,
    );
    say(
      `  automation CPU at ${RATE}/s: ${steady.cpu.find((share) => share.name === 'automation')?.percentOfCore ?? 0} % of one core`,
    );
    const file = writeReport(rootDir, 'automation', {
      rules: RULES,
      matchesPerMessage: MATCHES_PER_MESSAGE,
      targets: TARGETS,
      messageCreate: {
        without: without.figures,
        withRules: withRules.figures,
        throughputRatio,
        cpu: { without: without.cpu, withRules: withRules.cpu },
      },
      steady,
      ...verdicts,
    });
    say(`\nFigures written to ${file}`);
  });
}

interface Api {
  url: string;
  send(method: string, path: string, body?: unknown): Promise<any>;
}

function accountApi(run: BenchRun, workspace: Workspace): Api {
  const url = `${run.system.gatewayUrl}/api/v1/accounts/${workspace.accountId}`;
  return {
    url,
    async send(method, path, body) {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { api_access_token: workspace.token, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
      return text ? JSON.parse(text) : null;
    },
  };
}

async function createRules(api: Api): Promise<number[]> {
  const ids: number[] = [];
  for (let rule = 0; rule < RULES; rule++) {
    await api.send('POST', '/labels', { title: `bench-${rule}` });
    const created = await api.send('POST', '/automation_rules', {
      name: `bench ${rule}`,
      event_name: 'message_created',
      conditions: [{ attribute_key: 'content', filter_operator: 'contains', values: [tag(rule)] }],
      actions: [{ action_name: 'add_label', action_params: [`bench-${rule}`] }],
    });
    ids.push(created.payload.id);
  }
  return ids;
}

async function setActive(api: Api, ruleIds: number[], active: boolean): Promise<void> {
  for (const id of ruleIds) await api.send('PATCH', `/automation_rules/${id}`, { active });
}

async function measured(
  groups: ProcessGroup[],
  work: () => Promise<Figures>,
): Promise<{ figures: Figures; cpu: CpuShare[] }> {
  const sampler = new CpuSampler(groups);
  const figures = await work();
  return { figures, cpu: sampler.stop() };
}

interface Steady {
  messages: number;
  evaluatedPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  missing: number;
  cpu: CpuShare[];
}

/** Open loop: one message every 1/RATE s, each on its own conversation, so its first label tells when the rules acted on it. */
async function steadyPhase(run: BenchRun, workspace: Workspace, api: Api, groups: ProcessGroup[]): Promise<Steady> {
  const count = RATE * STEADY_SECONDS;
  const { rows } = await run.db.query<{ last_display_id: number }>(
    'SELECT last_display_id FROM messaging.conversation_counters WHERE account_id = $1',
    [workspace.accountId],
  );
  await seedConversations(run.db, workspace, count);
  const first = rows[0].last_display_id + 1;
  const answeredAt = new Map<number, number>();
  const sampler = new CpuSampler(groups);
  const started = Date.now();
  const sends: Array<Promise<void>> = [];
  for (let n = 0; n < count; n++) {
    const due = started + (n * 1000) / RATE;
    if (due > Date.now()) await sleep(due - Date.now());
    const displayId = first + n;
    sends.push(
      api
        .send('POST', `/conversations/${displayId}/messages`, { content: contentFor(n), message_type: 'outgoing' })
        .then(
          () => void answeredAt.set(displayId, Date.now()),
          (error: Error) => say(`  warning: ${error.message}`),
        ),
    );
  }
  await Promise.all(sends);
  await waitUntilIdle(run.db, NATS_URL, run.namespace).catch((error: Error) => say(`  warning: ${error.message}`));
  const cpu = sampler.stop();

  const { rows: labelled } = await run.db.query<{ display_id: number; at: number }>(
    `SELECT (payload->'data'->'conversation'->>'id')::int AS display_id, min(extract(epoch FROM created_at) * 1000) AS at
       FROM messaging.outbox
      WHERE type = 'messaging.conversation.updated' AND payload->'meta'->>'origin' LIKE 'automation:%' AND (payload->>'account_id')::int = $1
        AND (payload->'data'->'conversation'->>'id')::int >= $2
      GROUP BY 1`,
    [workspace.accountId, first],
  );
  const latencies = labelled
    .filter((row) => answeredAt.has(row.display_id))
    .map((row) => Math.max(0, Number(row.at) - answeredAt.get(row.display_id)!))
    .sort((a, b) => a - b);
  const { rows: runs } = await run.db.query<{ events: number; first_at: number; last_at: number }>(
    `SELECT count(DISTINCT event_id)::int AS events, min(extract(epoch FROM created_at) * 1000) AS first_at, max(extract(epoch FROM created_at) * 1000) AS last_at
       FROM automation.rule_runs WHERE conversation_id >= $1 AND created_at >= to_timestamp($2 / 1000.0)`,
    [first, started],
  );
  const span = Math.max(1, Number(runs[0].last_at) - started);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  const steady = {
    messages: count,
    evaluatedPerSecond: (runs[0].events * 1000) / span,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: at(1),
    missing: count - latencies.length,
    cpu,
  };
  say(
    `  ${number(steady.evaluatedPerSecond)} events evaluated/s; 201 → label p50 ${steady.p50Ms} ms, p99 ${steady.p99Ms} ms, max ${steady.maxMs} ms; ${steady.missing} missing`,
  );
  say(`  CPU: ${cpuSummary(cpu)}`);
  return steady;
}

void main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exitCode = 1;
});
