import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Pool, type PoolClient } from 'pg';

/**
 * The bare baseline of the messaging benchmark: a plain Node HTTP server with a pg pool that
 * runs the SQL the product runs for the same request, and nothing else (no gateway, NATS, Nest,
 * ORM, auth or validation). It runs as a process of its own, like a service, so that it does
 * not share an event loop with the load generator.
 *
 * The SQL mirrors apps/messaging (message-writer.ts, conversation-query.ts,
 * conversation-loader.ts, message-loader.ts): keep it in step when those change.
 */

export interface BaselineFixture {
  accountId: number;
  userId: number;
  inboxId: number;
  /** Internal id (not display id) of the conversation messages are written to. */
  conversationId: number;
}

const fixture: BaselineFixture = JSON.parse(process.env.BASELINE_FIXTURE ?? '{}');
// A service's default DB_POOL_SIZE, so both sides have as many connections to PostgreSQL.
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE ?? 10) });
const PAGE_SIZE = 25;

async function transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The writes of message create: the message, the conversation's counters, the event in the outbox. */
function createMessage(content: string): Promise<unknown> {
  return transaction(async (client) => {
    const {
      rows: [message],
    } = await client.query(
      `INSERT INTO messaging.messages (account_id, conversation_id, inbox_id, content, message_type, content_type, content_attributes, status, private, sender_type, sender_id)
       VALUES ($1, $2, $3, $4, 'outgoing', 'text', '{}', 'sent', false, 'user', $5) RETURNING *`,
      [fixture.accountId, fixture.conversationId, fixture.inboxId, content, fixture.userId],
    );
    // An agent's reply, as MessageWriter applies it.
    const {
      rows: [conversation],
    } = await client.query(
      `UPDATE messaging.conversations
          SET last_message_id = $2, last_non_activity_message_id = $2, messages_count = messages_count + 1, unread_count = 0,
              last_activity_at = now(), waiting_since = NULL, first_reply_created_at = coalesce(first_reply_created_at, now()),
              agent_last_seen_at = now(), updated_at = now()
        WHERE id = $1 RETURNING *`,
      [fixture.conversationId, message.id],
    );
    // The event carries the message and the conversation, as message.created does, so the row is of a realistic size.
    const envelope = {
      id: randomUUID(),
      type: 'messaging.message.created',
      version: 1,
      account_id: fixture.accountId,
      occurred_at: new Date().toISOString(),
      data: { message, conversation },
      meta: { actor: { type: 'user', id: fixture.userId }, correlation_id: randomUUID(), origin: 'api' },
    };
    await client.query('INSERT INTO bench_baseline.outbox (id, type, payload) VALUES ($1, $2, $3)', [envelope.id, envelope.type, JSON.stringify(envelope)]);
    return message;
  });
}

const LOAD_CONVERSATIONS = `
  SELECT c.*, i.channel_type,
         cv.name AS contact_name, cv.email AS contact_email, cv.phone_number AS contact_phone, cv.identifier AS contact_identifier,
         cv.thumbnail AS contact_thumbnail, cv.blocked AS contact_blocked, (cv.id IS NOT NULL) AS contact_known,
         u.name AS assignee_name, u.display_name AS assignee_display_name, u.email AS assignee_email,
         au.availability_status AS assignee_availability, t.name AS team_name
    FROM messaging.conversations c
    JOIN messaging.inboxes i ON i.id = c.inbox_id
    LEFT JOIN messaging.contacts_view cv ON cv.id = c.contact_id AND NOT cv.deleted
    LEFT JOIN messaging.users u ON u.id = c.assignee_id
    LEFT JOIN messaging.account_users au ON au.user_id = c.assignee_id AND au.account_id = c.account_id
    LEFT JOIN messaging.teams t ON t.id = c.team_id
   WHERE c.id = ANY($1::int[])`;

const LOAD_MESSAGES = `
  SELECT m.id, m.account_id, m.inbox_id, c.display_id, m.content, m.message_type, m.content_type, m.content_attributes, m.status,
         m.private, m.source_id, m.echo_id, m.sender_type, m.sender_id, m.external_error, m.created_at, m.updated_at,
         CASE m.sender_type WHEN 'user' THEN coalesce(u.display_name, u.name) WHEN 'contact' THEN cv.name END AS sender_name,
         CASE m.sender_type WHEN 'contact' THEN cv.thumbnail END AS sender_thumbnail
    FROM messaging.messages m
    JOIN messaging.conversations c ON c.id = m.conversation_id
    LEFT JOIN messaging.users u ON m.sender_type = 'user' AND u.id = m.sender_id
    LEFT JOIN messaging.contacts_view cv ON m.sender_type = 'contact' AND cv.id = m.sender_id
   WHERE m.id = ANY($1::int[])`;

/** The default list of an administrator (open conversations, first page): grouped counts, a page of ids, those rows with their last messages. */
async function listConversations(): Promise<unknown> {
  const {
    rows: [counts],
  } = await pool.query(
    `SELECT count(*) FILTER (WHERE c.assignee_id = $3)::int AS mine_count,
            count(*) FILTER (WHERE c.assignee_id IS NOT NULL)::int AS assigned_count,
            count(*) FILTER (WHERE c.assignee_id IS NULL)::int AS unassigned_count,
            count(*)::int AS all_count
       FROM messaging.conversations c WHERE c.account_id = $1 AND c.status = $2`,
    [fixture.accountId, 'open', fixture.userId],
  );
  const { rows: page } = await pool.query<{ id: number }>(
    `SELECT c.id FROM messaging.conversations c WHERE c.account_id = $1 AND c.status = $2
      ORDER BY c.last_activity_at DESC, c.id DESC LIMIT $3 OFFSET $4`,
    [fixture.accountId, 'open', PAGE_SIZE, 0],
  );
  const ids = page.map((row) => row.id);
  const { rows } = ids.length ? await pool.query(LOAD_CONVERSATIONS, [ids]) : { rows: [] };
  const messageIds = [...new Set(rows.flatMap((row) => [row.last_message_id, row.last_non_activity_message_id]).filter((id) => id !== null))];
  const { rows: messages } = messageIds.length ? await pool.query(LOAD_MESSAGES, [messageIds]) : { rows: [] };
  if (messages.length) {
    await pool.query('SELECT id, message_id, file_type, extension, content_type, file_size, storage_key FROM messaging.attachments WHERE message_id = ANY($1::int[]) ORDER BY id', [
      messages.map((message) => message.id),
    ]);
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const messageById = new Map(messages.map((message) => [message.id, message]));
  const payload = ids
    .filter((id) => byId.has(id))
    .map((id) => {
      const row = byId.get(id);
      return { ...row, messages: [], last_non_activity_message: messageById.get(row.last_non_activity_message_id) ?? null };
    });
  return { data: { meta: { ...counts, current_page: 1, total_pages: Math.ceil(counts.all_count / PAGE_SIZE) }, payload } };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

async function handle(request: IncomingMessage): Promise<[number, unknown]> {
  if (request.method === 'GET' && request.url === '/health') return [200, { status: 'ok' }];
  if (request.method === 'POST' && request.url === '/messages') {
    const body = JSON.parse(await readBody(request)) as { content: string };
    return [201, await createMessage(body.content)];
  }
  if (request.method === 'GET' && request.url === '/conversations') return [200, await listConversations()];
  return [404, { error: 'Not found' }];
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

async function main(): Promise<void> {
  // Baseline events go to an outbox of the same shape as the services' (libs/service-kit
  // kit-tables.migration.ts) but of its own, so the messaging relay does not publish them.
  await pool.query(`
    CREATE SCHEMA IF NOT EXISTS bench_baseline;
    CREATE TABLE IF NOT EXISTS bench_baseline.outbox (
      seq bigserial PRIMARY KEY,
      id uuid NOT NULL UNIQUE,
      type text NOT NULL,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz
    );
    CREATE INDEX IF NOT EXISTS outbox_unpublished_idx ON bench_baseline.outbox (seq) WHERE published_at IS NULL;`);
  const server = createServer((request, response) => {
    handle(request).then(
      ([status, body]) => send(response, status, body),
      (error: Error) => send(response, 500, { error: error.message }),
    );
  });
  server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
}

void main().catch((error: Error) => {
  process.stderr.write(`baseline server could not start: ${error.message}\n`);
  process.exit(1);
});
