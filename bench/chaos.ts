import { ContactEvents, MessageEvents } from '@parley/contracts';
import { eventually, TcpProxy } from '@parley/testing';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { ChaosClient } from './lib/chaos-client';
import { runClusterChaos } from './lib/cluster-chaos';
import { DeliverySink } from './lib/delivery-sink';
import { machine, say, withBenchRun, writeReport, type BenchRun } from './lib/run';

/**
 * `npm run chaos -- --cluster [--short]`: the same on a NATS cluster with replicas of everything
 * (lib/cluster-chaos.ts). `npm run chaos`: a steady write load (messages with echo_id, contacts) while each service is
 * killed with SIGKILL in turn, NATS and PostgreSQL "restart" (every connection to them is cut
 * through a loopback proxy for a few seconds), and the launcher's supervisor brings back what
 * died. Then the ledger is checked: every write answered 2xx is stored once, every committed
 * event reached the webhook receiver, nothing applied twice. Loopback only, bounded in time.
 */
const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.BENCH_NATS_URL ?? 'nats://127.0.0.1:4222';
const WORKERS = 6;
const CONVERSATIONS = 20;
const STEADY_MS = 5_000;
const OUTAGE_MS = 5_000;
const RECOVERY_LIMIT_MS = 60_000;
const SETTLE_LIMIT_MS = 180_000;

interface Attempt {
  kind: 'message' | 'contact';
  key: string;
  status: number;
  at: number;
}

interface FaultRow {
  fault: string;
  recoverSeconds: number;
  requestsFailed: number;
}

type Fault = { name: string; inject: (run: BenchRun) => Promise<void>; heal?: () => Promise<void> };

async function main(): Promise<void> {
  const rootDir = process.cwd();
  if (process.argv.includes('--cluster')) {
    // Exit explicitly: a passing run must not wait on a straggling handle, a failing one says so.
    process.exit((await runClusterChaos(rootDir, process.argv.includes('--short'))) ? 0 : 1);
  }
  const pg = new URL(ADMIN_DATABASE_URL);
  const nats = new URL(NATS_URL);
  const pgProxy = new TcpProxy(pg.hostname, Number(pg.port || 5432));
  const natsProxy = new TcpProxy(nats.hostname, Number(nats.port || 4222));
  await pgProxy.start();
  await natsProxy.start();
  const sink = await DeliverySink.start(join(rootDir, 'tmp', 'bench', `chaos-certs-${Date.now()}`));
  const supervisorLines: string[] = [];
  try {
    await withBenchRun(
      {
        rootDir,
        adminDatabaseUrl: ADMIN_DATABASE_URL,
        natsUrl: natsProxy.url(NATS_URL),
        servicesDatabaseUrl: (url) => pgProxy.url(url),
        supervise: (line) => {
          supervisorLines.push(line);
          say(`  supervisor: ${line}`);
        },
        env: {
          WEBHOOK_ALLOWED_HOSTS: sink.hostAndPort,
          NODE_EXTRA_CA_CERTS: sink.caCertPath,
          RPC_TIMEOUT_MS: '3000',
          SHUTDOWN_GRACE_MS: '3000',
        },
      },
      (run) => chaos(run, rootDir, sink, pgProxy, natsProxy),
    );
  } finally {
    await sink.stop();
    await pgProxy.cut();
    await natsProxy.cut();
  }
}

async function chaos(
  run: BenchRun,
  rootDir: string,
  sink: DeliverySink,
  pgProxy: TcpProxy,
  natsProxy: TcpProxy,
): Promise<void> {
  const gateway = run.system.gatewayUrl;
  const client = new ChaosClient(gateway);
  const call = client.call.bind(client);

  // The workspace: an account, an API inbox, contacts with conversations, a webhook for the ledger.
  const account = (await call('/platform/api/v1/accounts', run.platformApiToken, { name: 'Chaos' })).body;
  const user = (
    await call('/platform/api/v1/users', run.platformApiToken, {
      name: 'Chaos admin',
      email: `chaos-${Date.now()}@example.com`,
    })
  ).body;
  await call(`/platform/api/v1/accounts/${account.id}/account_users`, run.platformApiToken, {
    user_id: user.id,
    role: 'administrator',
  });
  const token: string = user.access_token;
  const v1 = `/api/v1/accounts/${account.id}`;
  const inbox = (await call(`${v1}/inboxes`, token, { name: 'Chaos', channel: { type: 'api' } })).body;
  const webhook = await call(`${v1}/webhooks`, token, {
    url: sink.url(1),
    subscriptions: ['message_created', 'contact_created'],
  });
  if (webhook.status !== 201) throw new Error(`webhook: ${webhook.status} ${JSON.stringify(webhook.body)}`);
  const conversations: number[] = [];
  for (let index = 0; index < CONVERSATIONS; index++) {
    const contact = await eventually(async () => {
      const created = await call(`${v1}/contacts`, token, { name: `Seed ${index}`, inbox_id: inbox.id });
      if (created.status !== 201) throw new Error(`contact: ${created.status}`);
      return created.body.payload;
    });
    const conversation = await eventually(async () => {
      const created = await call(`${v1}/conversations`, token, {
        inbox_id: inbox.id,
        contact_id: contact.contact.id,
        source_id: contact.contact_inbox.source_id,
      });
      if (created.status !== 201) throw new Error(`conversation: ${created.status}`);
      return created.body;
    });
    conversations.push(conversation.id);
  }
  await sink.take(); // the seed's events are not part of the ledger
  const loadStartedAt = new Date();

  // The load: each worker writes, records what it was told, and paces itself.
  const attempts: Attempt[] = [];
  let running = true;
  const worker = async (workerIndex: number) => {
    for (let iteration = 0; running; iteration++) {
      const contactTurn = iteration % 5 === 4;
      const key = randomUUID();
      let status = 0;
      try {
        status = contactTurn
          ? (
              await call(`${v1}/contacts`, token, {
                name: `Load ${key}`,
                email: `${key}@example.com`,
                inbox_id: inbox.id,
              })
            ).status
          : (
              await call(
                `${v1}/conversations/${conversations[(iteration + workerIndex) % conversations.length]}/messages`,
                token,
                { content: `load ${key}`, message_type: 'outgoing', echo_id: key },
              )
            ).status;
      } catch {
        status = 0; // no answer at all (the gateway itself was down)
      }
      attempts.push({ kind: contactTurn ? 'contact' : 'message', key, status, at: Date.now() });
      await new Promise((resolve) => setTimeout(resolve, status >= 200 && status < 300 ? 20 : 200));
    }
  };
  const workers = Array.from({ length: WORKERS }, (_, index) => worker(index));

  const probe = async () =>
    (
      await call(`${v1}/conversations/${conversations[0]}/messages`, token, {
        content: 'probe',
        message_type: 'outgoing',
        echo_id: randomUUID(),
      }).catch(() => ({ status: 0 }))
    ).status === 201;
  const kill = (service: string): Fault => ({
    name: `kill -9 ${service}`,
    inject: async () => {
      const pid = run.system.pids()[service];
      if (!pid) throw new Error(`${service} has no pid`);
      process.kill(pid, 'SIGKILL');
    },
  });
  const faults: Fault[] = [
    ...['messaging', 'contacts', 'webhook-dispatcher', 'gateway'].map(kill),
    {
      name: 'NATS restart (all connections cut 5 s)',
      inject: async () => natsProxy.cut(),
      heal: async () => void (await natsProxy.start()),
    },
    {
      name: 'PostgreSQL restart (all connections cut 5 s)',
      inject: async () => pgProxy.cut(),
      heal: async () => void (await pgProxy.start()),
    },
  ];

  const rows: FaultRow[] = [];
  await new Promise((resolve) => setTimeout(resolve, STEADY_MS));
  for (const fault of faults) {
    say(`Fault: ${fault.name}`);
    const started = Date.now();
    await fault.inject(run);
    if (fault.heal) {
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      await fault.heal();
    }
    // Recovered: a write through the whole path succeeds again.
    await eventually(
      async () => {
        if (!(await probe())) throw new Error('not yet');
      },
      { timeoutMs: RECOVERY_LIMIT_MS, intervalMs: 250, description: `recovery from ${fault.name}` },
    );
    const recovered = Date.now();
    rows.push({
      fault: fault.name,
      recoverSeconds: (recovered - started) / 1000,
      requestsFailed: attempts.filter(
        (attempt) =>
          attempt.at >= started && attempt.at <= recovered && !(attempt.status >= 200 && attempt.status < 300),
      ).length,
    });
    await new Promise((resolve) => setTimeout(resolve, STEADY_MS));
  }
  running = false;
  await Promise.all(workers);

  // The ledger: what was accepted must be stored once and its event delivered.
  const accepted = attempts.filter((attempt) => attempt.status >= 200 && attempt.status < 300);
  const messageKeys = accepted.filter((attempt) => attempt.kind === 'message').map((attempt) => attempt.key);
  const contactKeys = accepted
    .filter((attempt) => attempt.kind === 'contact')
    .map((attempt) => `${attempt.key}@example.com`);
  const storedMessages = await run.db.query<{ echo_id: string; n: number }>(
    'SELECT echo_id, count(*)::int AS n FROM messaging.messages WHERE account_id = $1 AND echo_id = ANY($2::text[]) GROUP BY echo_id',
    [account.id, messageKeys],
  );
  const storedContacts = await run.db.query<{ email: string; n: number }>(
    'SELECT email, count(*)::int AS n FROM contacts.contacts WHERE account_id = $1 AND email = ANY($2::text[]) GROUP BY email',
    [account.id, contactKeys],
  );
  const writesLost = messageKeys.length - storedMessages.rowCount! + (contactKeys.length - storedContacts.rowCount!);
  const duplicates = [...storedMessages.rows, ...storedContacts.rows].filter((row) => row.n > 1).length;

  const committedEvents = async () => {
    const query = (schema: string, type: string) =>
      run.db.query<{ id: string }>(
        `SELECT payload->>'id' AS id FROM ${schema}.outbox WHERE payload->>'type' = $1 AND (payload->>'account_id')::int = $2 AND created_at >= $3`,
        [type, account.id, loadStartedAt],
      );
    return [
      ...(await query('messaging', MessageEvents.created)).rows,
      ...(await query('contacts', ContactEvents.created)).rows,
    ].map((row) => row.id);
  };
  const delivered = new Map<string, number>();
  say('Waiting for every committed event to reach the receiver …');
  let committed: string[] = [];
  await eventually(
    async () => {
      for (const arrival of await sink.take())
        delivered.set(arrival.eventId, (delivered.get(arrival.eventId) ?? 0) + 1);
      committed = await committedEvents();
      const missing = committed.filter((id) => !delivered.has(id)).length;
      if (missing > 0) throw new Error(`${missing} of ${committed.length} events not delivered yet`);
    },
    { timeoutMs: SETTLE_LIMIT_MS, intervalMs: 1000, description: 'every committed event delivered' },
  ).catch((error: Error) => say(error.message));
  const eventsLost = committed.filter((id) => !delivered.has(id)).length;
  const redelivered = [...delivered.values()].filter((count) => count > 1).length;

  say(`\nChaos on ${machine()}`);
  say(
    `Load: ${attempts.length} writes (${accepted.length} answered 2xx: ${messageKeys.length} messages, ${contactKeys.length} contacts), ${committed.length} events committed`,
  );
  say('| fault | seconds to recover | requests failed | accepted writes lost | events lost | duplicates |');
  say('|---|---|---|---|---|---|');
  for (const row of rows)
    say(`| ${row.fault} | ${row.recoverSeconds.toFixed(1)} | ${row.requestsFailed} | — | — | — |`);
  say(`| **whole run** | — | ${attempts.length - accepted.length} | ${writesLost} | ${eventsLost} | ${duplicates} |`);
  const refusals = new Map<string, number>();
  for (const attempt of attempts)
    if (!(attempt.status >= 200 && attempt.status < 300))
      refusals.set(
        `${attempt.kind} ${attempt.status || 'no answer'}`,
        (refusals.get(`${attempt.kind} ${attempt.status || 'no answer'}`) ?? 0) + 1,
      );
  say(
    `Failed requests by answer: ${[...refusals].map(([answer, count]) => `${answer}: ${count}`).join(', ') || 'none'}`,
  );
  say(`Events delivered more than once (same event id; receivers de-duplicate on it): ${redelivered}`);
  const file = writeReport(rootDir, 'chaos', {
    workers: WORKERS,
    attempts: attempts.length,
    accepted: accepted.length,
    committed_events: committed.length,
    faults: rows,
    writes_lost: writesLost,
    events_lost: eventsLost,
    duplicates,
    redelivered,
  });
  say(`Figures written to ${file}`);
  if (writesLost || eventsLost || duplicates) process.exitCode = 1;
}

void main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
