import { ContactEvents, eventSubject, type EventEnvelope, type EventMap } from '@parley/contracts';
import { contactSnapshot } from '@parley/testing';
import { connect, JSONCodec } from 'nats';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Client } from 'pg';

/** What the benchmark works in: an account with an administrator (and agents to assign), an API inbox, a contact, a conversation. */
export interface Workspace {
  accountId: number;
  adminId: number;
  token: string;
  agentIds: number[];
  inboxId: number;
  contactId: number;
  conversation: { displayId: number; id: number };
  /** Every conversation messages are spread over (the first is `conversation`). */
  conversations: Array<{ displayId: number; id: number }>;
}

export interface WorkspaceOptions {
  gatewayUrl: string;
  platformApiToken: string;
  natsUrl: string;
  namespace: string;
  db: Client;
}

async function call(url: string, token: string, body?: unknown): Promise<any> {
  const response = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { api_access_token: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

/** The options of a benchmark run's workspace. */
export function workspaceOptions(
  run: { system: { gatewayUrl: string }; platformApiToken: string; namespace: string; db: Client },
  natsUrl: string,
): WorkspaceOptions {
  return {
    gatewayUrl: run.system.gatewayUrl,
    platformApiToken: run.platformApiToken,
    natsUrl,
    namespace: run.namespace,
    db: run.db,
  };
}

/** Everything through the public API, as a client would set it up; only the contact comes as the contacts service's event. */
export async function createWorkspace(options: WorkspaceOptions, conversationCount = 1): Promise<Workspace> {
  const platform = (path: string, body: unknown) =>
    call(`${options.gatewayUrl}/platform/api/v1${path}`, options.platformApiToken, body);
  const account = await platform('/accounts', { name: 'Benchmark' });
  const addUser = async (role: 'administrator' | 'agent') => {
    const user = await platform('/users', {
      name: `Bench ${role}`,
      email: `${role}-${randomBytes(6).toString('hex')}@example.com`,
    });
    await platform(`/accounts/${account.id}/account_users`, { user_id: user.id, role });
    return user as { id: number; access_token: string };
  };
  const admin = await addUser('administrator');
  const agents = [await addUser('agent'), await addUser('agent')];
  const api = (path: string, body?: unknown) =>
    call(`${options.gatewayUrl}/api/v1/accounts/${account.id}${path}`, admin.access_token, body);

  // An API inbox: no messaging window, and no auto-assignment to change conversations behind our back.
  const inbox = await api('/inboxes', { name: 'Bench API', channel: { type: 'api' }, enable_auto_assignment: false });
  const contact = await publishContact(options, account.id);
  const conversations: Array<{ displayId: number; id: number }> = [];
  for (let index = 0; index < conversationCount; index++) {
    const created = await api('/conversations', { source_id: 'bench', inbox_id: inbox.id, contact_id: contact });
    const { rows } = await options.db.query(
      'SELECT id FROM messaging.conversations WHERE account_id = $1 AND display_id = $2',
      [account.id, created.id],
    );
    conversations.push({ displayId: created.id, id: rows[0].id });
  }
  return {
    accountId: account.id,
    adminId: admin.id,
    token: admin.access_token,
    agentIds: agents.map((agent) => agent.id),
    inboxId: inbox.id,
    contactId: contact,
    conversation: conversations[0],
    conversations,
  };
}

/** Publishes `contacts.contact.created` as the contacts service would, and waits until messaging has its copy. */
async function publishContact(options: WorkspaceOptions, accountId: number): Promise<number> {
  const contact = contactSnapshot(accountId, { name: 'Bench Contact' });
  const envelope: EventEnvelope<EventMap[typeof ContactEvents.created]> = {
    id: randomUUID(),
    type: ContactEvents.created,
    version: 1,
    account_id: accountId,
    occurred_at: new Date().toISOString(),
    data: { contact },
    meta: { actor: { type: 'system', id: null }, correlation_id: null, origin: 'bench' },
  };
  const connection = await connect({ servers: options.natsUrl });
  try {
    await connection
      .jetstream()
      .publish(`${options.namespace}.${eventSubject(envelope.type)}`, JSONCodec().encode(envelope), {
        msgID: envelope.id,
      });
  } finally {
    await connection.close();
  }
  await waitFor('the contact to reach messaging', 30_000, async () => {
    const { rowCount } = await options.db.query('SELECT 1 FROM messaging.contacts_view WHERE id = $1', [contact.id]);
    return rowCount === 1;
  });
  return contact.id;
}

/**
 * Adds `count` conversations to the account in a few statements, each with one incoming
 * message: a mix of statuses (40% open) and assignees (none, the administrator, two agents),
 * last activity spread over the past weeks. Display ids are taken from the account's counter
 * as the service does, so later conversations do not collide.
 */
export async function seedConversations(db: Client, workspace: Workspace, count: number): Promise<void> {
  const assignees = [null, workspace.adminId, ...workspace.agentIds];
  await db.query('BEGIN');
  try {
    const { rows } = await db.query(
      'UPDATE messaging.conversation_counters SET last_display_id = last_display_id + $2 WHERE account_id = $1 RETURNING last_display_id',
      [workspace.accountId, count],
    );
    const firstDisplayId = rows[0].last_display_id - count + 1;
    await db.query(
      `INSERT INTO messaging.conversations (account_id, display_id, inbox_id, contact_id, source_id, status, assignee_id, last_activity_at, created_at, updated_at)
       SELECT $1, $2 + g, $3, $4, 'bench-seed-' || g,
              (ARRAY['open', 'open', 'resolved', 'pending', 'snoozed'])[1 + g % 5],
              ($5::int[])[1 + g % cardinality($5::int[])],
              now() - g * interval '17 seconds', now() - g * interval '17 seconds' - interval '1 hour', now()
         FROM generate_series(0, $6 - 1) AS g`,
      [workspace.accountId, firstDisplayId, workspace.inboxId, workspace.contactId, assignees, count],
    );
    await db.query(
      `WITH seeded AS (
         INSERT INTO messaging.messages (account_id, conversation_id, inbox_id, content, message_type, status, sender_type, sender_id, created_at, updated_at)
         SELECT c.account_id, c.id, c.inbox_id, 'Hello, where is my order #' || c.display_id || '? It should have arrived by now.',
                'incoming', 'received', 'contact', c.contact_id, c.last_activity_at, c.last_activity_at
           FROM messaging.conversations c
          WHERE c.account_id = $1 AND c.display_id >= $2
         RETURNING id, conversation_id)
       UPDATE messaging.conversations c
          SET last_message_id = seeded.id, last_non_activity_message_id = seeded.id, messages_count = 1, unread_count = 1, last_incoming_at = c.last_activity_at
         FROM seeded WHERE c.id = seeded.conversation_id`,
      [workspace.accountId, firstDisplayId],
    );
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
  // Settle the tables now rather than have autovacuum do it in the middle of a measured run.
  await db.query('VACUUM ANALYZE messaging.conversations, messaging.messages');
}

/**
 * Waits until no event is left to publish or to consume, so one run's aftermath does not slow the
 * next. `outbox: false` when the relays are off and the outboxes keep their events on purpose.
 */
export async function waitUntilIdle(
  db: Client,
  natsUrl: string,
  namespace: string,
  { timeoutMs = 180_000, outbox = true }: { timeoutMs?: number; outbox?: boolean } = {},
): Promise<void> {
  const { rows } = await db.query<{ table_schema: string }>(
    `SELECT table_schema FROM information_schema.tables WHERE table_name = 'outbox' AND table_schema <> 'bench_baseline'`,
  );
  const unpublished = rows
    .map((row) => `SELECT count(*) AS n FROM "${row.table_schema}".outbox WHERE published_at IS NULL`)
    .join(' UNION ALL ');
  const connection = await connect({ servers: natsUrl });
  try {
    const manager = await connection.jetstreamManager();
    const stream = `${namespace.toUpperCase()}_PARLEY_EVENTS`;
    await waitFor('the system to become idle', timeoutMs, async () => {
      const { rows: counts } = await db.query<{ n: string }>(unpublished);
      if (outbox && counts.some((count) => Number(count.n) > 0)) return false;
      for await (const consumer of manager.consumers.list(stream)) {
        if (consumer.num_pending > 0 || consumer.num_ack_pending > 0) return false;
      }
      return true;
    });
  } finally {
    await connection.close();
  }
}

async function waitFor(what: string, timeoutMs: number, done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
