import { ProviderFakes } from '@parley/testing';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { number } from './lib/load';
import { machine, say, seconds, withBenchRun, writeReport, type BenchRun } from './lib/run';
import { createWorkspace } from './lib/workspace';

/**
 * `npm run bench:channels`: the WhatsApp Cloud channel against its local fake (a real HTTPS
 * server checking each request). Inbound: signed webhooks posted through the gateway at a fixed
 * concurrency → webhooks/s accepted and webhook → message stored latency (p50/p99). Outbound:
 * agent replies → sends/s until every message has its provider id, then status callbacks →
 * statuses/s until every message shows `delivered`. It reports; it never fails on a target.
 */

const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const INBOUND = Number(process.env.BENCH_CHANNEL_INBOUND ?? 200);
const OUTBOUND = Number(process.env.BENCH_CHANNEL_OUTBOUND ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CHANNEL_CONCURRENCY ?? 16);
const CONTACTS = 20;
const STALL_MS = 60_000;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;
}

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

async function measure(run: BenchRun, fakes: ProviderFakes, rootDir: string): Promise<void> {
  const workspace = await createWorkspace({
    gatewayUrl: run.system.gatewayUrl,
    platformApiToken: run.platformApiToken,
    natsUrl: NATS_URL,
    namespace: run.namespace,
    db: run.db,
  });
  const api = async (path: string, body: unknown): Promise<any> => {
    const response = await fetch(`${run.system.gatewayUrl}/api/v1/accounts/${workspace.accountId}${path}`, {
      method: 'POST',
      headers: { api_access_token: workspace.token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as any;
  };
  const meta = (await fakes.meta.act('accounts', {})) as Record<string, string>;
  const inbox = await api('/inboxes', {
    name: 'Bench WhatsApp',
    enable_auto_assignment: false,
    channel: {
      type: 'mobile_chat',
      phone_number: '+15550001234',
      provider_config: { api_key: meta.api_key, phone_number_id: meta.phone_number_id, app_secret: meta.app_secret },
    },
  });
  say(`\nWhatsApp inbox ${inbox.id} on the fake Graph API; ${machine()}`);
  const webhook = (value: object) =>
    fakes.meta.act('webhook', { account: meta.phone_number_id, url: inbox.inbound_webhook_url, value });

  // Inbound.
  const posted = new Map<string, number>();
  const ids = Array.from({ length: INBOUND }, (_, index) => `wamid.bench${index}${randomBytes(6).toString('hex')}`);
  say(`\nInbound: ${number(INBOUND)} signed webhooks, ${CONCURRENCY} at a time, from ${CONTACTS} contacts`);
  const inboundStart = Date.now();
  await inParallel(ids, CONCURRENCY, async (id) => {
    const waId = `1555000${String(ids.indexOf(id) % CONTACTS).padStart(4, '0')}`;
    posted.set(id, Date.now());
    const answer = (await webhook({
      contacts: [{ profile: { name: `Bench ${waId}` }, wa_id: waId }],
      messages: [
        { from: waId, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: 'bench' } },
      ],
    })) as { status: number };
    if (answer.status !== 200) throw new Error(`webhook answered ${answer.status}`);
  });
  const acceptedMs = Date.now() - inboundStart;
  await until(
    async () =>
      (await run.db.query('SELECT count(*)::int AS count FROM messaging.messages WHERE source_id = ANY($1)', [ids]))
        .rows[0].count as number,
    INBOUND,
  );
  const stored = (
    await run.db.query('SELECT source_id, created_at FROM messaging.messages WHERE source_id = ANY($1)', [ids])
  ).rows as Array<{
    source_id: string;
    created_at: Date;
  }>;
  const inboundLatencies = stored.map((row) => row.created_at.getTime() - posted.get(row.source_id)!);
  const inbound = {
    webhooks: INBOUND,
    webhooksPerSecond: Math.round((INBOUND * 1000) / acceptedMs),
    allStoredMs: Math.max(...stored.map((row) => row.created_at.getTime())) - inboundStart,
    p50Ms: percentile(inboundLatencies, 50),
    p99Ms: percentile(inboundLatencies, 99),
  };
  say(
    `  ${inbound.webhooksPerSecond} webhooks/s accepted; webhook → message stored p50 ${inbound.p50Ms} ms, p99 ${inbound.p99Ms} ms`,
  );

  // Outbound: replies spread over the contacts' conversations (their window is open).
  const conversations = (
    await run.db.query('SELECT display_id FROM messaging.conversations WHERE inbox_id = $1 ORDER BY id', [inbox.id])
  ).rows.map((row: { display_id: number }) => row.display_id);
  say(`\nOutbound: ${number(OUTBOUND)} replies over ${conversations.length} conversations`);
  const messageIds: number[] = [];
  const outboundStart = Date.now();
  await inParallel(
    Array.from({ length: OUTBOUND }, (_, index) => index),
    CONCURRENCY,
    async (index) => {
      const created = await api(`/conversations/${conversations[index % conversations.length]}/messages`, {
        content: `reply ${index}`,
      });
      messageIds.push(created.id);
    },
  );
  await until(
    async () =>
      (
        await run.db.query(
          'SELECT count(*)::int AS count FROM messaging.messages WHERE id = ANY($1) AND source_id IS NOT NULL',
          [messageIds],
        )
      ).rows[0].count as number,
    OUTBOUND,
  );
  const sentMs = Date.now() - outboundStart;
  const sends = fakes.meta
    .requestsOf(meta.phone_number_id)
    .filter((request) => request.path.endsWith('/messages')).length;
  const wamids = (
    await run.db.query('SELECT source_id FROM messaging.messages WHERE id = ANY($1)', [messageIds])
  ).rows.map((row: { source_id: string }) => row.source_id);
  const statusStart = Date.now();
  await inParallel(wamids, CONCURRENCY, async (wamid) => {
    await webhook({ statuses: [{ id: wamid, status: 'delivered', timestamp: '1', recipient_id: '1' }] });
  });
  await until(
    async () =>
      (
        await run.db.query(
          `SELECT count(*)::int AS count FROM messaging.messages WHERE id = ANY($1) AND status = 'delivered'`,
          [messageIds],
        )
      ).rows[0].count as number,
    OUTBOUND,
  );
  const statusMs = Date.now() - statusStart;
  const outbound = {
    messages: OUTBOUND,
    sendsPerSecond: Math.round((OUTBOUND * 1000) / sentMs),
    providerCalls: sends,
    statusesPerSecond: Math.round((OUTBOUND * 1000) / statusMs),
  };
  say(
    `  ${outbound.sendsPerSecond} sends/s (created → provider id, ${seconds(sentMs)}), ${outbound.providerCalls} provider calls; ${outbound.statusesPerSecond} delivered callbacks/s applied`,
  );
  const file = writeReport(rootDir, 'channels', {
    provider: 'whatsapp',
    concurrency: CONCURRENCY,
    inbound,
    outbound,
    machine: machine(),
  });
  say(`\nReport: ${file}`);
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
