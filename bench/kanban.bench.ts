import { measure, number, summarize, type Figures, type LoadSettings } from './lib/load';
import { readdirSync, readFileSync } from 'node:fs';
import { machine, say, seconds, withBenchRun, writeReport, type BenchRun } from './lib/run';
import { createWorkspace, waitUntilIdle, type Workspace } from './lib/workspace';

/**
 * `npm run bench:kanban`: two funnels of 8 stages, one with 5,000 cards and one with 50,000
 * (seeded in SQL, as an import would leave them). For each, at 10 connections through the
 * gateway: `batch` (first page of every stage and the counts), `filter`, `search` and
 * `stage_stats`, against a baseline measured in the same run (`GET /kanban_config`: the same
 * auth, routing and one-row read, no card work); then card moves one after another while
 * `batch` runs at 10 connections. Prints p50/p99; reports, never fails on the target
 * (batch p99 ≤ 100 ms at 50,000 cards).
 */

const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const LOAD: LoadSettings = {
  connections: 10,
  durationSeconds: Number(process.env.BENCH_DURATION_S ?? 8),
  warmupSeconds: 2,
};
const SIZES = [5_000, 50_000];
const STAGES = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'];
const MOVES = 200;
const TARGET_BATCH_P99_MS = 100;
const EXPORT_CARDS = 100_000;
const IMPORT_ROWS = 50_000;

interface Api {
  url: string;
  headers: Record<string, string>;
  send(method: string, path: string, body?: unknown): Promise<any>;
}

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
    say(
      `\nKanban: funnels of ${STAGES.length} stages, ${LOAD.connections} connections, ${LOAD.durationSeconds} s per figure; ${machine()}`,
    );
    const baseline = await measure({ url: `${api.url}/kanban_config`, headers: api.headers }, LOAD);
    say(`  baseline GET /kanban_config: ${summarize(baseline)}`);

    const results: Record<string, unknown> = {};
    for (const size of SIZES) {
      const funnelId = await seedFunnel(run, api, workspace, size);
      await waitUntilIdle(run.db, NATS_URL, run.namespace).catch((error: Error) => say(`  warning: ${error.message}`));
      say(`\n${number(size)} cards`);
      const figures: Record<string, Figures> = {};
      const queries: Array<[string, string[]]> = [
        ['batch', [`/kanban_items/batch?funnel_id=${funnelId}`]],
        [
          'filter',
          ['high', 'urgent', 'low'].map(
            (priority, i) =>
              `/kanban_items/filter?funnel_id=${funnelId}&priorities[]=${priority}&value_min=${i * 100}&value_max=${5000 + i * 100}`,
          ),
        ],
        [
          'search',
          ['acme', 'globex', 'initech deal', 'umbrella'].map(
            (query) => `/kanban_items/search?funnel_id=${funnelId}&query=${encodeURIComponent(query)}`,
          ),
        ],
        ['stage_stats', [`/funnels/${funnelId}/stage_stats`]],
      ];
      for (const [name, paths] of queries) {
        const base = new URL(api.url).pathname;
        figures[name] = await measure(
          { url: `${api.url}${paths[0]}`, paths: paths.map((path) => `${base}${path}`), headers: api.headers },
          LOAD,
        );
        say(
          `  ${name.padEnd(12)} ${summarize(figures[name])}   (${(baseline.p99Ms ? figures[name].p99Ms / baseline.p99Ms : 0).toFixed(1)}× baseline p99)`,
        );
      }
      const moves = await movesUnderLoad(run, api, funnelId);
      say(
        `  move under batch load: p50 ${number(moves.p50Ms)} ms   p99 ${number(moves.p99Ms)} ms   (${MOVES} moves; batch meanwhile ${summarize(moves.batch)})`,
      );
      results[`cards_${size}`] = { ...figures, moveUnderLoad: moves };
    }
    const csv = await csvPhase(run, api, workspace);
    results.csv = csv;
    const batch50k = (results.cards_50000 as Record<string, Figures>).batch;
    say(
      `\nSummary: batch p99 at 50,000 cards ${number(batch50k.p99Ms)} ms (target ≤ ${TARGET_BATCH_P99_MS} ms: ${batch50k.p99Ms <= TARGET_BATCH_P99_MS ? 'met' : 'missed'})`,
    );
    const file = writeReport(rootDir, 'kanban', {
      connections: LOAD.connections,
      stages: STAGES.length,
      baseline,
      ...results,
      targetBatchP99Ms: TARGET_BATCH_P99_MS,
      targetMet: batch50k.p99Ms <= TARGET_BATCH_P99_MS,
    });
    say(`Figures written to ${file}`);
  });
}

function accountApi(run: BenchRun, workspace: Workspace): Api {
  const url = `${run.system.gatewayUrl}/api/v1/accounts/${workspace.accountId}`;
  const headers = { api_access_token: workspace.token, 'content-type': 'application/json' };
  return {
    url,
    headers,
    async send(method, path, body) {
      const response = await fetch(`${url}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
      return text ? JSON.parse(text) : null;
    },
  };
}

/** A funnel made through the API, its cards written in SQL: spread evenly over the stages, with priorities, values and searchable words. */
async function seedFunnel(run: BenchRun, api: Api, workspace: Workspace, size: number): Promise<number> {
  const stages = Object.fromEntries(
    STAGES.map((key, index) => [key, { name: `Stage ${index + 1}`, color: '#1f93ff', position: index + 1 }]),
  );
  const funnel = await api.send('POST', '/funnels', { funnel: { name: `Bench ${size}`, stages } });
  const started = Date.now();
  await run.db.query(
    `INSERT INTO kanban.cards (account_id, funnel_id, stage_key, position, assigned_agents, title, description, priority, value, created_at, stage_entered_at)
     SELECT $1, $2, ($3::text[])[1 + g % 8], g / 8 + 1, ARRAY[($4::int[])[1 + g % 2]],
            'Deal ' || g || ' ' || (ARRAY['acme', 'globex', 'initech', 'umbrella', 'hooli'])[1 + g % 5],
            'Opportunity with ' || (ARRAY['renewal', 'expansion', 'new logo'])[1 + g % 3],
            (ARRAY['low', 'medium', 'high', 'urgent'])[1 + g % 4], (g % 1000) * 10,
            now() - make_interval(secs => g), now() - make_interval(secs => g)
       FROM generate_series(0, $5 - 1) AS g`,
    [workspace.accountId, funnel.id, STAGES, workspace.agentIds, size],
  );
  await run.db.query(
    `INSERT INTO kanban.card_stage_visits (card_id, account_id, funnel_id, stage_key, entered_at) SELECT id, account_id, funnel_id, stage_key, stage_entered_at FROM kanban.cards WHERE funnel_id = $1`,
    [funnel.id],
  );
  await run.db.query('VACUUM ANALYZE kanban.cards, kanban.card_stage_visits');
  say(`\nSeeded ${number(size)} cards in ${number(Date.now() - started)} ms`);
  return funnel.id;
}

/** Resident memory of the run's gateway and kanban processes, sampled every 100 ms while `work` runs: before and at most. */
async function withRss<T>(
  run: BenchRun,
  work: () => Promise<T>,
): Promise<{ result: T; rssMiB: Record<string, { before: number; peak: number }> }> {
  const pidsOf = (service: string) =>
    readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          return (
            readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(`/apps/${service}/src/main.js`) &&
            readFileSync(`/proc/${pid}/environ`, 'utf8').includes(`NATS_NAMESPACE=${run.namespace}\0`)
          );
        } catch {
          return false;
        }
      });
  const rss = (pid: string) =>
    Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  const services = { gateway: pidsOf('gateway'), kanban: pidsOf('kanban') };
  const sample = () =>
    Object.fromEntries(
      Object.entries(services).map(([name, pids]) => [name, pids.reduce((sum, pid) => sum + rss(pid), 0)]),
    );
  const before = sample();
  const peak = { ...before };
  const timer = setInterval(() => {
    for (const [name, value] of Object.entries(sample())) peak[name] = Math.max(peak[name], value);
  }, 100);
  try {
    const result = await work();
    return {
      result,
      rssMiB: Object.fromEntries(
        Object.keys(services).map((name) => [name, { before: Math.round(before[name]), peak: Math.round(peak[name]) }]),
      ),
    };
  } finally {
    clearInterval(timer);
  }
}

/** Export of a 100,000-card funnel (streamed, counted, thrown away) and import of a 50,000-row CSV: time and peak RSS. */
async function csvPhase(run: BenchRun, api: Api, workspace: Workspace): Promise<Record<string, unknown>> {
  const funnelId = await seedFunnel(run, api, workspace, EXPORT_CARDS);
  say(`\nCSV`);
  const exported = await withRss(run, async () => {
    const started = Date.now();
    const response = await fetch(`${api.url}/kanban_items/export?funnel_id=${funnelId}`, { headers: api.headers });
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 0x0a) lines += 1;
    }
    return { status: response.status, ms: Date.now() - started, bytes, lines };
  });
  say(
    `  export ${number(EXPORT_CARDS)} cards: ${seconds(exported.result.ms)}, ${number(Math.round(exported.result.bytes / 1024 / 1024))} MiB, ${number(exported.result.lines - 1)} rows; RSS MiB ${JSON.stringify(exported.rssMiB)}`,
  );

  const target = await api.send('POST', '/funnels', {
    funnel: {
      name: 'Import target',
      stages: Object.fromEntries(
        STAGES.map((key, index) => [key, { name: `Stage ${index + 1}`, color: '#1f93ff', position: index + 1 }]),
      ),
    },
  });
  const rows = [
    'title;value;stage;priority',
    ...Array.from(
      { length: IMPORT_ROWS },
      (_, i) =>
        `Imported deal ${i};${(i % 1000) * 10};${STAGES[i % STAGES.length]};${['low', 'medium', 'high', 'urgent'][i % 4]}`,
    ),
  ];
  const imported = await withRss(run, async () => {
    const form = new FormData();
    form.append('funnel_id', String(target.id));
    form.append('default_stage_id', STAGES[0]);
    form.append(
      'mappings',
      JSON.stringify({ title: 'title', value: 'value', stage: 'stage_id', priority: 'priority' }),
    );
    form.append('file', new Blob([rows.join('\n')]), 'cards.csv');
    const started = Date.now();
    const response = await fetch(`${api.url}/kanban_items/import`, {
      method: 'POST',
      headers: { api_access_token: api.headers.api_access_token },
      body: form,
    });
    const body = (await response.json()) as { imported: number; rejected: unknown[] };
    return {
      status: response.status,
      ms: Date.now() - started,
      imported: body.imported,
      rejected: body.rejected?.length,
    };
  });
  say(
    `  import ${number(IMPORT_ROWS)} rows: ${seconds(imported.result.ms)} (${number(imported.result.imported)} imported, ${imported.result.rejected} rejected); RSS MiB ${JSON.stringify(imported.rssMiB)}`,
  );
  return {
    export: { cards: EXPORT_CARDS, ...exported.result, rssMiB: exported.rssMiB },
    import: { rows: IMPORT_ROWS, ...imported.result, rssMiB: imported.rssMiB },
  };
}

/** Moves cards between stages one after another while batch runs at full load; the moves' latencies. */
async function movesUnderLoad(
  run: BenchRun,
  api: Api,
  funnelId: number,
): Promise<{ p50Ms: number; p99Ms: number; batch: Figures }> {
  const { rows } = await run.db.query<{ id: number }>(
    'SELECT id FROM kanban.cards WHERE funnel_id = $1 ORDER BY id LIMIT $2',
    [funnelId, MOVES],
  );
  const load = measure(
    { url: `${api.url}/kanban_items/batch?funnel_id=${funnelId}`, headers: api.headers },
    { ...LOAD, warmupSeconds: 1 },
  );
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const latencies: number[] = [];
  for (const [index, row] of rows.entries()) {
    const started = performance.now();
    await api.send('POST', `/kanban_items/${row.id}/move_to_stage`, {
      funnel_stage: STAGES[(index * 3 + 1) % STAGES.length],
    });
    latencies.push(performance.now() - started);
  }
  const batch = await load;
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] * 10) / 10;
  return { p50Ms: at(0.5), p99Ms: at(0.99), batch };
}

void main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exitCode = 1;
});
