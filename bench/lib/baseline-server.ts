import { CONVERSATIONS_PAGE_SIZE } from '@parley/contracts';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  CONVERSATION_FOR_MESSAGE,
  conversationListSql,
  INSERT_MESSAGE,
  insertMessageParams,
  maintainedCountsSql,
  type InsertedMessage,
  type MessageInsert,
} from '@parley/messaging';
import { pool, prepared, readBody, serve, transaction } from './bare-server';

/**
 * The bare baseline of the messaging benchmark: a plain Node HTTP server with a pg pool that
 * runs the SQL the product runs for the same request, and nothing else (no gateway, NATS, Nest,
 * ORM, auth or validation). It runs as a process of its own, like a service, so that it does
 * not share an event loop with the load generator.
 *
 * The statements are apps/messaging's own (the conversations feature's persistence/*.row.ts),
 * taken from messaging's public entry, so they stay in step with the product.
 */

export interface BaselineFixture {
  accountId: number;
  userId: number;
  inboxId: number;
  /** Internal ids of the conversations messages are written to: `POST /messages/<index>`. */
  conversationIds: number[];
  /** Their display ids (the URL's number), in the same order. */
  displayIds: number[];
}

const fixture: BaselineFixture = JSON.parse(process.env.BASELINE_FIXTURE ?? '{}');

/**
 * Message create as MessageWriter runs it: the conversation (with the access check, as the
 * event shows it), the message with the conversation's counters in one statement, the event in
 * the outbox.
 */
function createMessage(content: string, index: number): Promise<unknown> {
  const conversationId = fixture.conversationIds[index];
  return transaction(async (client) => {
    const {
      rows: [conversation],
    } = await prepared(client, 'product_conversation_for_message', CONVERSATION_FOR_MESSAGE, [
      fixture.accountId,
      fixture.displayIds[index],
      fixture.userId,
      true,
    ]);
    // An agent's reply.
    const message: MessageInsert = {
      account_id: fixture.accountId,
      conversation_id: conversationId,
      inbox_id: fixture.inboxId,
      content,
      message_type: 'outgoing',
      content_type: 'text',
      content_attributes: {},
      status: 'sent',
      private: false,
      source_id: null,
      echo_id: null,
      sender_type: 'user',
      sender_id: fixture.userId,
      template_params: null,
      origin: null,
    };
    const {
      rows: [inserted],
    } = await prepared<InsertedMessage>(client, 'product_insert_message', INSERT_MESSAGE, insertMessageParams(message));
    const { id, created_at, updated_at, conversation_updated_at, ...counters } = inserted;
    const written = { ...message, id, created_at, updated_at };
    // The event carries the message and the conversation, as message.created does, so the row is of a realistic size.
    const envelope = {
      id: randomUUID(),
      type: 'messaging.message.created',
      version: 1,
      account_id: fixture.accountId,
      occurred_at: new Date().toISOString(),
      data: { message: written, conversation: { ...conversation, ...counters, updated_at: conversation_updated_at } },
      meta: { actor: { type: 'user', id: fixture.userId }, correlation_id: randomUUID(), origin: 'api' },
    };
    await prepared(
      client,
      'product_outbox_insert',
      'INSERT INTO bench_baseline.outbox (id, type, payload) VALUES ($1, $2, $3)',
      [envelope.id, envelope.type, JSON.stringify(envelope)],
    );
    return written;
  });
}

/**
 * The default list of an administrator (open conversations, first page) as the product runs it:
 * the maintained counts, the page and its conversations with their last messages, one statement.
 */
async function listConversations(): Promise<unknown> {
  const counts = maintainedCountsSql('k.account_id = $1 AND k.status = $2', '$3');
  const list = conversationListSql(counts, 'c.account_id = $1 AND c.status = $2', null);
  const { rows } = await prepared(pool, 'product_list', list, [fixture.accountId, 'open', fixture.userId]);
  const [{ mine_count, assigned_count, unassigned_count, all_count, conversations }] = rows;
  const payload = (conversations ?? []).map((row: object) => ({ ...row, messages: [] }));
  return {
    data: {
      meta: {
        mine_count,
        assigned_count,
        unassigned_count,
        all_count,
        current_page: 1,
        total_pages: Math.ceil(all_count / CONVERSATIONS_PAGE_SIZE),
      },
      payload,
    },
  };
}

/** The four counts of the list's tabs (what `GET …/conversations/meta` answers), maintained as the product keeps them. */
async function conversationCounts(): Promise<{ all_count: number }> {
  const {
    rows: [counts],
  } = await prepared<{ all_count: number }>(
    pool,
    'product_counts',
    maintainedCountsSql('k.account_id = $1 AND k.status = $2', '$3'),
    [fixture.accountId, 'open', fixture.userId],
  );
  return counts;
}

async function handle(request: IncomingMessage): Promise<[number, unknown]> {
  if (request.method === 'GET' && request.url === '/health') return [200, { status: 'ok' }];
  const write = /^\/messages\/(\d+)$/.exec(request.url ?? '');
  if (request.method === 'POST' && write) {
    const body = JSON.parse(await readBody(request)) as { content: string };
    return [201, await createMessage(body.content, Number(write[1]) % fixture.conversationIds.length)];
  }
  if (request.method === 'GET' && request.url === '/conversations') return [200, await listConversations()];
  if (request.method === 'GET' && request.url === '/conversations/meta')
    return [200, { meta: await conversationCounts() }];
  return [404, { error: 'Not found' }];
}

serve('baseline server', handle);
