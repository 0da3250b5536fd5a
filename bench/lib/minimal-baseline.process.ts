import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { BaselineFixture } from './baseline-server';
import { pool, prepared, readBody, serve, transaction } from './bare-server';
import { insertMinimalMessage } from './minimal-message';

/**
 * The minimal baseline of the messaging benchmark, the physical limit: the least SQL the contract
 * needs for each request, written for this benchmark and not taken from the product (a heavier
 * product statement must not make the baseline slower too). A plain Node HTTP server and a pg
 * pool on the product's own tables, with no gateway, NATS, Nest, ORM, auth or validation.
 */

const fixture: BaselineFixture = JSON.parse(process.env.BASELINE_FIXTURE ?? '{}');
const PAGE_SIZE = 25;

/** The conversation's activity bumped (by account and number, returning it), the message, its event; one commit. */
function createMessage(content: string, index: number): Promise<unknown> {
  return transaction(async (client) => {
    const { conversation, message } = await insertMinimalMessage(
      client,
      { accountId: fixture.accountId, userId: fixture.userId, displayId: fixture.displayIds[index] },
      content,
    );
    const id = randomUUID();
    await prepared(
      client,
      'minimal_outbox_insert',
      'INSERT INTO bench_baseline.outbox (id, type, payload) VALUES ($1, $2, $3)',
      [
        id,
        'messaging.message.created',
        JSON.stringify({ id, account_id: fixture.accountId, data: { message, conversation } }),
      ],
    );
    return message;
  });
}

/** The first page of open conversations by last activity with contact and assignee, and the four counts. */
async function listConversations(): Promise<unknown> {
  const { rows: payload } = await prepared(
    pool,
    'minimal_list',
    `SELECT c.*, ct.name AS contact_name, ct.email AS contact_email, ct.phone_number AS contact_phone,
            u.name AS assignee_name, u.email AS assignee_email
       FROM messaging.conversations c
       LEFT JOIN messaging.contacts_view ct ON ct.id = c.contact_id
       LEFT JOIN messaging.users u ON u.id = c.assignee_id
      WHERE c.account_id = $1 AND c.status = 'open'
      ORDER BY c.last_activity_at DESC, c.id DESC LIMIT ${PAGE_SIZE}`,
    [fixture.accountId],
  );
  return { data: { meta: await counts(), payload } };
}

async function counts(): Promise<unknown> {
  const {
    rows: [row],
  } = await prepared(
    pool,
    'minimal_counts',
    `SELECT count(*) FILTER (WHERE assignee_id = $2)::int AS mine_count,
            count(assignee_id)::int AS assigned_count,
            count(*) FILTER (WHERE assignee_id IS NULL)::int AS unassigned_count,
            count(*)::int AS all_count
       FROM messaging.conversations WHERE account_id = $1 AND status = 'open'`,
    [fixture.accountId, fixture.userId],
  );
  return row;
}

async function handle(request: IncomingMessage): Promise<[number, unknown]> {
  if (request.url === '/health') return [200, { status: 'ok' }];
  const write = /^\/messages\/(\d+)$/.exec(request.url ?? '');
  if (request.method === 'POST' && write) {
    const { content } = JSON.parse(await readBody(request)) as { content: string };
    return [201, await createMessage(content, Number(write[1]) % fixture.displayIds.length)];
  }
  if (request.url === '/conversations') return [200, await listConversations()];
  if (request.url === '/conversations/meta') return [200, { meta: await counts() }];
  return [404, { error: 'Not found' }];
}

serve('minimal baseline server', handle);
