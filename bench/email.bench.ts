import { freePort, ScriptedSmtpServer } from '@parley/testing';
import { createTransport } from 'nodemailer';
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { number } from './lib/load';
import { quantile } from './lib/quantile';
import { machine, say, withBenchRun, writeReport, type BenchRun } from './lib/run';
import { createWorkspace } from './lib/workspace';

/**
 * `npm run bench:email`: the e-mail channel both ways on local servers.
 * - Out: agent replies posted through the API (16 at a time, over 50 conversations) until each
 *   e-mail was accepted by a local SMTP server; e-mails/s and 201 → accepted latency. Baseline,
 *   same run: the same number of e-mails handed to the same server by nodemailer directly, 16 at
 *   a time, one connection per mail as Parley opens (the minimal work of one send).
 * - In: e-mails sent over SMTP to Parley's listener (8 at a time) until each is a message
 *   (its row committed); 250 → visible latency and e-mails/s. It reports; it never fails.
 */

const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const OUT_MAILS = Number(process.env.BENCH_EMAIL_OUT ?? 1000);
const IN_MAILS = Number(process.env.BENCH_EMAIL_IN ?? 500);
const CONVERSATIONS = 50;
const OUT_CONCURRENCY = 16;
const IN_CONCURRENCY = 8;
const DOMAIN = 'inbound.bench.test';

async function inParallel(count: number, concurrency: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

async function until(what: string, timeoutMs: number, done: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what} not reached within ${timeoutMs} ms`);
    await sleep(20);
  }
}

async function baseline(server: ScriptedSmtpServer): Promise<number> {
  const before = server.accepted.length;
  const started = Date.now();
  await inParallel(OUT_MAILS, OUT_CONCURRENCY, async (index) => {
    const transport = createTransport({ host: '127.0.0.1', port: server.port, secure: false, ignoreTLS: true });
    try {
      await transport.sendMail({
        from: 'support@acme.test',
        to: `baseline-${index}@example.test`,
        subject: 'Re: Bench',
        text: `Baseline reply ${index}`,
        html: `<p>Baseline reply ${index}</p>`,
      });
    } finally {
      transport.close();
    }
  });
  await until('baseline mails accepted', 60_000, () => server.accepted.length - before >= OUT_MAILS);
  return OUT_MAILS / ((Date.now() - started) / 1000);
}

async function outgoing(run: BenchRun, api: Api, server: ScriptedSmtpServer, conversations: number[]) {
  const before = server.accepted.length;
  const postedAt = new Map<string, number>();
  const latencies: number[] = [];
  const seen = new Set<number>();
  const watch = setInterval(() => {
    for (let index = before; index < server.accepted.length; index++) {
      if (seen.has(index)) continue;
      seen.add(index);
      const token = /bench-out-\d+/.exec(server.accepted[index].raw.toString())?.[0];
      const at = token ? postedAt.get(token) : undefined;
      if (at !== undefined) latencies.push(Date.now() - at);
    }
  }, 5);
  const started = Date.now();
  await inParallel(OUT_MAILS, OUT_CONCURRENCY, async (index) => {
    const token = `bench-out-${index}`;
    postedAt.set(token, Date.now());
    await api('POST', `/conversations/${conversations[index % conversations.length]}/messages`, {
      content: `Reply **${token}**`,
    });
  });
  await until('outgoing mails accepted', 120_000, () => server.accepted.length - before >= OUT_MAILS);
  const elapsed = Date.now() - started;
  clearInterval(watch);
  const failed = Number(
    (await run.db.query(`SELECT count(*) FROM messaging.messages WHERE status = 'failed'`)).rows[0].count,
  );
  latencies.sort((a, b) => a - b);
  return {
    perSecond: OUT_MAILS / (elapsed / 1000),
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    failed,
  };
}

async function incoming(run: BenchRun, port: number, inboxAddress: string) {
  const sentAt = new Map<string, number>();
  const started = Date.now();
  const transport = createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: IN_CONCURRENCY,
  });
  await inParallel(IN_MAILS, IN_CONCURRENCY, async (index) => {
    const messageId = `${randomUUID()}@customers.bench.test`;
    await transport.sendMail({
      from: `customer-${index % 100}@customers.bench.test`,
      to: inboxAddress,
      subject: `Question ${index}`,
      text: `Inbound question ${index}`,
      messageId: `<${messageId}>`,
    });
    sentAt.set(messageId, Date.now());
  });
  transport.close();
  const latencies: number[] = [];
  await until('inbound mails visible', 120_000, async () => {
    const { rows } = await run.db.query<{ source_id: string; at: string }>(
      `SELECT source_id, (extract(epoch FROM created_at) * 1000)::bigint AS at FROM messaging.messages
        WHERE message_type = 'incoming' AND source_id LIKE '%@customers.bench.test'`,
    );
    if (rows.length < IN_MAILS) return false;
    for (const row of rows) latencies.push(Number(row.at) - (sentAt.get(row.source_id) ?? Number(row.at)));
    return true;
  });
  const elapsed = Date.now() - started;
  latencies.sort((a, b) => a - b);
  return { perSecond: IN_MAILS / (elapsed / 1000), p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99) };
}

type Api = (method: string, path: string, body?: unknown) => Promise<any>;

async function main(): Promise<void> {
  const rootDir = process.cwd();
  const server = await ScriptedSmtpServer.start();
  const listenerPort = await freePort();
  try {
    await withBenchRun(
      {
        rootDir,
        adminDatabaseUrl: ADMIN_DATABASE_URL,
        natsUrl: NATS_URL,
        env: {
          CHANNEL_CREDENTIALS_KEY: randomBytes(32).toString('base64'),
          MAIL_INBOUND_SMTP_PORT: String(listenerPort),
          MAIL_INBOUND_DOMAIN: DOMAIN,
        },
      },
      async (run) => {
        const workspace = await createWorkspace({
          gatewayUrl: run.system.gatewayUrl,
          platformApiToken: run.platformApiToken,
          natsUrl: NATS_URL,
          namespace: run.namespace,
          db: run.db,
        });
        const api: Api = async (method, path, body) => {
          const response = await fetch(`${run.system.gatewayUrl}/api/v1/accounts/${workspace.accountId}${path}`, {
            method,
            headers: { api_access_token: workspace.token, 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          const text = await response.text();
          if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
          return JSON.parse(text);
        };
        const inbox = await api('POST', '/inboxes', {
          name: 'Bench mail',
          enable_auto_assignment: false,
          channel: {
            type: 'email',
            email: 'support@acme.test',
            smtp_enabled: true,
            smtp_address: '127.0.0.1',
            smtp_port: server.port,
            smtp_enable_starttls_auto: false,
          },
        });
        const conversations: number[] = [];
        for (let index = 0; index < CONVERSATIONS; index++) {
          const contact = await api('POST', '/contacts', {
            name: `Customer ${index}`,
            email: `customer-${index}@example.test`,
            inbox_id: inbox.id,
          });
          conversations.push(
            (await api('POST', '/conversations', { inbox_id: inbox.id, contact_id: contact.payload.contact.id })).id,
          );
        }
        say(
          `\nE-mail out: ${OUT_MAILS} agent replies over ${CONVERSATIONS} conversations, ${OUT_CONCURRENCY} at a time; ${machine()}`,
        );
        const limit = await baseline(server);
        say(`  baseline (nodemailer straight to the server): ${number(limit)} e-mails/s`);
        const out = await outgoing(run, api, server, conversations);
        say(
          `  Parley: ${number(out.perSecond)} e-mails/s (${(out.perSecond / limit).toFixed(2)}×), 201 → accepted p50 ${out.p50} ms, p99 ${out.p99} ms, failed ${out.failed}`,
        );
        say(`\nE-mail in: ${IN_MAILS} e-mails to the listener, ${IN_CONCURRENCY} connections`);
        const inbound = await incoming(run, listenerPort, inbox.email);
        say(
          `  ${number(inbound.perSecond)} e-mails/s, 250 → message visible p50 ${inbound.p50} ms, p99 ${inbound.p99} ms`,
        );
        writeReport(rootDir, 'email', { machine: machine(), baselinePerSecond: limit, out, in: inbound });
      },
    );
  } finally {
    await server.stop();
  }
}

void main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
