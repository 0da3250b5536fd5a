import { ProviderFakes } from '@parley/testing';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { Agent, request } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { quantile } from './lib/quantile';
import { machine, say, withBenchRun, writeReport, type BenchRun } from './lib/run';
import { createWorkspace } from './lib/workspace';
import { benchProviders, type BenchApi, type BenchProvider, type DirectSend } from './channel-bench-providers';

/**
 * `npm run bench:channels`: every provider channel (WhatsApp Cloud, Messenger, Instagram,
 * Telegram, Twilio SMS) against its local fake (a real HTTPS server checking each request).
 * Inbound: signed webhooks posted through the gateway at a fixed concurrency → webhooks/s
 * accepted and webhook → message visible latency (p50/p99). Outbound: agent replies → sends/s
 * until every message has its provider id, then delivery receipts → statuses/s until every
 * message shows `delivered`. Each figure is also shown against a baseline measured in the same
 * run: the fake posting the same webhooks to a sink that only answers 200, and the same number
 * of sends made straight to the fake. It reports; it never fails on a target.
 */

const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const INBOUND = Number(process.env.BENCH_CHANNEL_INBOUND ?? 100);
const OUTBOUND = Number(process.env.BENCH_CHANNEL_OUTBOUND ?? 100);
/** `BENCH_CHANNEL_PROVIDERS=whatsapp,twilio`: only these. */
const ONLY = process.env.BENCH_CHANNEL_PROVIDERS?.split(',').filter(Boolean);
const CONCURRENCY = Number(process.env.BENCH_CHANNEL_CONCURRENCY ?? 16);
const CONTACTS = 20;
const STALL_MS = 60_000;

async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** Polls until `count` reaches `target`; gives up when it has not moved for STALL_MS. */
async function until(count: () => Promise<number>, target: number): Promise<void> {
  let last = -1;
  let movedAt = Date.now();
  for (let now = await count(); now < target; now = await count()) {
    if (now !== last) [last, movedAt] = [now, Date.now()];
    if (Date.now() - movedAt > STALL_MS) throw new Error(`stalled at ${now} of ${target}`);
    await sleep(100);
  }
}

async function main(): Promise<void> {
  const rootDir = process.cwd();
  const dir = join(rootDir, 'tmp', 'bench', `provider-fakes-${Date.now().toString(36)}`);
  const fakes = await ProviderFakes.start(dir, []);
  try {
    await withBenchRun(
      {
        rootDir,
        adminDatabaseUrl: ADMIN_DATABASE_URL,
        natsUrl: NATS_URL,
        env: {
          ...fakes.env,
          NODE_EXTRA_CA_CERTS: fakes.caBundlePath,
          CHANNEL_CREDENTIALS_KEY: randomBytes(32).toString('base64'),
        },
      },
      (run) => measure(run, fakes, rootDir),
    );
  } finally {
    await fakes.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `work` on `count` items at CONCURRENCY; answers items per second. */
async function rate(count: number, work: (index: number) => Promise<void>): Promise<number> {
  const start = Date.now();
  await inParallel(
    Array.from({ length: count }, (_, index) => index),
    CONCURRENCY,
    work,
  );
  return (count * 1000) / Math.max(1, Date.now() - start);
}

const ratio = (value: number, baseline: number) => (baseline ? Math.round((value / baseline) * 100) / 100 : 0);
const contactCount = (count: number) => Math.min(CONTACTS, count);

/** One send straight to the fake (its CA trusted for this call only), kept alive like Parley's. */
function directCall(base: string, ca: Buffer, agent: Agent, send: DirectSend): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = request(`${base}${send.path}`, { method: 'POST', headers: send.headers, ca, agent }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve(answer.statusCode ?? 0));
    });
    call.on('error', reject);
    call.end(send.body);
  });
}

async function count(run: BenchRun, sql: string, params: unknown[]): Promise<number> {
  return (await run.db.query(sql, params)).rows[0].count as number;
}

async function measure(run: BenchRun, fakes: ProviderFakes, rootDir: string): Promise<void> {
  const workspace = await createWorkspace({
    gatewayUrl: run.system.gatewayUrl,
    platformApiToken: run.platformApiToken,
    natsUrl: NATS_URL,
    namespace: run.namespace,
    db: run.db,
  });
  const api: BenchApi = async (path, body) => {
    const response = await fetch(`${run.system.gatewayUrl}/api/v1/accounts/${workspace.accountId}${path}`, {
      method: 'POST',
      headers: { api_access_token: workspace.token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as any;
  };
  // The inbound baseline's sink: reads each webhook and answers 200, nothing more.
  const sink = createServer((incoming, answer) => {
    incoming.resume();
    incoming.on('end', () => answer.writeHead(200).end());
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/sink`;
  const ca = readFileSync(fakes.caBundlePath);
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  say(`\nProvider channels against their fakes, ${CONCURRENCY} at a time; ${machine()}`);
  const results: Record<string, unknown> = {};
  try {
    for (const provider of benchProviders(fakes).filter((item) => !ONLY || ONLY.includes(item.name)))
      results[provider.name] = await measureProvider(run, api, provider, { sinkUrl, ca, agent });
  } finally {
    agent.destroy();
    sink.close();
  }
  const file = writeReport(rootDir, 'channels', { concurrency: CONCURRENCY, providers: results, machine: machine() });
  say(`\nReport: ${file}`);
}

async function measureProvider(
  run: BenchRun,
  api: BenchApi,
  provider: BenchProvider,
  baseline: { sinkUrl: string; ca: Buffer; agent: Agent },
): Promise<Record<string, unknown>> {
  const inbox = await provider.connect(api);
  say(`\n${provider.name} (inbox ${inbox.id})`);
  const tag = randomBytes(4).toString('hex');

  // Inbound: the fake's own rate into a bare sink, then through Parley until each message shows.
  const sinkRate = await rate(INBOUND, async (index) => {
    await provider.inbound(baseline.sinkUrl, index % contactCount(INBOUND), `baseline ${tag} ${index}`);
  });
  const posted = new Map<string, number>();
  const acceptedRate = await rate(INBOUND, async (index) => {
    const text = `bench ${tag} ${index}`;
    posted.set(text, Date.now());
    const answer = await provider.inbound(inbox.inbound_webhook_url, index % contactCount(INBOUND), text);
    if (answer.status !== 200) throw new Error(`${provider.name} webhook answered ${answer.status}`);
  });
  const texts = [...posted.keys()];
  await until(
    () =>
      count(run, 'SELECT count(*)::int AS count FROM messaging.messages WHERE inbox_id = $1 AND content = ANY($2)', [
        inbox.id,
        texts,
      ]),
    INBOUND,
  );
  const stored = (
    await run.db.query('SELECT content, created_at FROM messaging.messages WHERE inbox_id = $1 AND content = ANY($2)', [
      inbox.id,
      texts,
    ])
  ).rows as Array<{ content: string; created_at: Date }>;
  const latencies = stored.map((row) => row.created_at.getTime() - posted.get(row.content)!).sort((a, b) => a - b);
  const inbound = {
    webhooksPerSecond: Math.round(acceptedRate),
    baselinePerSecond: Math.round(sinkRate),
    ratio: ratio(acceptedRate, sinkRate),
    visibleP50Ms: quantile(latencies, 0.5),
    visibleP99Ms: quantile(latencies, 0.99),
  };
  say(
    `  inbound: ${inbound.webhooksPerSecond} webhooks/s accepted (${inbound.ratio}× the fake's ${inbound.baselinePerSecond}/s into a bare sink); webhook → message visible p50 ${inbound.visibleP50Ms} ms, p99 ${inbound.visibleP99Ms} ms`,
  );

  // Outbound: replies over the contacts' conversations (their window is open), then straight sends to the fake.
  const conversations = (
    await run.db.query('SELECT display_id, source_id FROM messaging.conversations WHERE inbox_id = $1 ORDER BY id', [
      inbox.id,
    ])
  ).rows as Array<{ display_id: number; source_id: string }>;
  const messageIds: number[] = [];
  const start = Date.now();
  await rate(OUTBOUND, async (index) => {
    const created = await api(`/conversations/${conversations[index % conversations.length].display_id}/messages`, {
      content: `reply ${index}`,
    });
    messageIds.push(created.id);
  });
  await until(
    () =>
      count(run, 'SELECT count(*)::int AS count FROM messaging.messages WHERE id = ANY($1) AND source_id IS NOT NULL', [
        messageIds,
      ]),
    OUTBOUND,
  );
  const sendRate = (OUTBOUND * 1000) / (Date.now() - start);
  const directRate = await rate(OUTBOUND, async (index) => {
    const status = await directCall(
      provider.fakeUrl,
      baseline.ca,
      baseline.agent,
      provider.directSend(conversations[index % conversations.length].source_id),
    );
    if (status >= 300) throw new Error(`${provider.name} direct send answered ${status}`);
  });
  const outbound: Record<string, unknown> = {
    sendsPerSecond: Math.round(sendRate),
    baselinePerSecond: Math.round(directRate),
    ratio: ratio(sendRate, directRate),
  };
  let statuses = 'no delivery receipts from this provider';
  if (provider.delivered) {
    const sent = (
      await run.db.query(
        `SELECT m.source_id, c.source_id AS contact FROM messaging.messages m
           JOIN messaging.conversations c ON c.id = m.conversation_id WHERE m.id = ANY($1)`,
        [messageIds],
      )
    ).rows as Array<{ source_id: string; contact: string }>;
    const deliver = provider.delivered;
    const statusStart = Date.now();
    await rate(sent.length, async (index) => {
      await deliver(inbox.inbound_webhook_url, sent[index].source_id, sent[index].contact);
    });
    await until(
      () =>
        count(
          run,
          `SELECT count(*)::int AS count FROM messaging.messages WHERE id = ANY($1) AND status = 'delivered'`,
          [messageIds],
        ),
      OUTBOUND,
    );
    const statusRate = (OUTBOUND * 1000) / (Date.now() - statusStart);
    outbound['statusesPerSecond'] = Math.round(statusRate);
    outbound['statusesRatio'] = ratio(statusRate, sinkRate);
    statuses = `${outbound['statusesPerSecond']} delivered receipts/s applied (${outbound['statusesRatio']}× the fake's webhooks into a bare sink)`;
  }
  say(
    `  outbound: ${outbound['sendsPerSecond']} sends/s created → provider id (${outbound['ratio']}× the fake's ${outbound['baselinePerSecond']} direct sends/s); ${statuses}`,
  );
  return { inbound, outbound };
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
