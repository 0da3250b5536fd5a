import { createHmac, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { pool, prepared, readBody, serve, transaction } from './bare-server';
import { insertMinimalMessage } from './minimal-message';
import { Pool } from 'undici';

/**
 * The minimal baseline of the webhook benchmark's message phases, the physical limit on this
 * machine: the least work the contract needs to take a message and deliver it to every webhook
 * at least once, written for this benchmark and not taken from the product. One Node process
 * and a pg pool, no gateway, NATS, Nest or ORM: the message and one delivery row per webhook
 * committed before the 201 (nothing accepted is lost), each delivery signed and POSTed over
 * kept-alive HTTPS (undici's pool, the cheapest client at hand), at most as many at once as the
 * dispatcher's default, and its outcome written to its row in group commits.
 */

export interface WebhooksFixture {
  accountId: number;
  userId: number;
  /** Display ids of the conversations messages are written to: `POST /messages/<index>`. */
  displayIds: number[];
  /** The webhooks every message goes to. */
  hooks: Array<{ url: string; secret: string }>;
}

const fixture: WebhooksFixture = JSON.parse(process.env.BASELINE_FIXTURE ?? '{}');
/** WEBHOOK_CONCURRENCY's default: attempts in flight at once. */
const IN_FLIGHT = 64;
const TIMEOUT_MS = 10_000;
/** Each hook's path on the receiver, read once. */
const paths = fixture.hooks.map(({ url }) => new URL(url).pathname);
/** Every hook is on the benchmark's one receiver: one pool of kept-alive connections to it. */
const receiver = new Pool(new URL(fixture.hooks[0].url).origin, {
  headersTimeout: TIMEOUT_MS,
  bodyTimeout: TIMEOUT_MS,
});

interface Delivery {
  id: string;
  hook: number;
  body: string;
}

const waiting: Delivery[] = [];
let inFlight = 0;
const outcomes: Array<{ id: string; status: number | null }> = [];
let recording = false;

const TABLE = `
  CREATE TABLE IF NOT EXISTS bench_baseline.webhook_deliveries (
    id uuid PRIMARY KEY,
    account_id int NOT NULL,
    hook int NOT NULL,
    event_id uuid NOT NULL,
    body text NOT NULL,
    state text NOT NULL DEFAULT 'pending',
    status_code int,
    created_at timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz);
  CREATE INDEX IF NOT EXISTS webhook_deliveries_pending ON bench_baseline.webhook_deliveries (created_at) WHERE state = 'pending'`;

/** The conversation's activity, the message, a delivery per webhook; one commit. Answers the message's id and its event's. */
async function createMessage(content: string, index: number): Promise<{ id: number; event_id: string }> {
  const eventId = randomUUID();
  const deliveries = await transaction(async (client) => {
    const { conversation, message } = await insertMinimalMessage(
      client,
      { accountId: fixture.accountId, userId: fixture.userId, displayId: fixture.displayIds[index] },
      content,
    );
    // The receiver reads the event id from the body's start, as it does the product's.
    const body = JSON.stringify({ id: eventId, event: 'message_created', message, conversation });
    const ids = fixture.hooks.map(() => randomUUID());
    await prepared(
      client,
      'minimal_webhooks_insert_deliveries',
      `INSERT INTO bench_baseline.webhook_deliveries (id, account_id, hook, event_id, body)
       SELECT d.id, $1, d.hook, $2, $3 FROM unnest($4::uuid[], $5::int[]) AS d(id, hook)`,
      [fixture.accountId, eventId, body, ids, ids.map((_, hook) => hook)],
    );
    return { message, list: ids.map((id, hook) => ({ id, hook, body })) };
  });
  waiting.push(...deliveries.list);
  startAttempts();
  return { id: deliveries.message.id as number, event_id: eventId };
}

function startAttempts(): void {
  while (inFlight < IN_FLIGHT && waiting.length > 0) {
    const delivery = waiting.shift()!;
    inFlight++;
    void attempt(delivery).then((status) => {
      inFlight--;
      outcomes.push({ id: delivery.id, status });
      recordOutcomes().catch((error: Error) => process.stderr.write(`Outcomes not written: ${error.message}\n`));
      startAttempts();
    });
  }
}

/** One signed POST; answers the status, or null when it failed. */
async function attempt(delivery: Delivery): Promise<number | null> {
  const { secret } = fixture.hooks[delivery.hook];
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex');
  try {
    const response = await receiver.request({
      path: paths[delivery.hook],
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Parley-Event': 'message_created',
        'X-Parley-Delivery': delivery.id,
        'X-Parley-Timestamp': String(timestamp),
        'X-Parley-Signature': `sha256=${signature}`,
      },
      body: delivery.body,
    });
    await response.body.dump();
    return response.statusCode;
  } catch {
    return null;
  }
}

/** Outcomes that finished while the last statement ran go together in the next one. */
async function recordOutcomes(): Promise<void> {
  if (recording) return;
  recording = true;
  try {
    while (outcomes.length > 0) {
      const batch = outcomes.splice(0, 500);
      await prepared(
        pool,
        'minimal_webhooks_outcomes',
        `UPDATE bench_baseline.webhook_deliveries d
            SET state = CASE WHEN o.status BETWEEN 200 AND 299 THEN 'delivered' ELSE 'failed' END,
                status_code = o.status, finished_at = now()
           FROM unnest($1::uuid[], $2::int[]) AS o(id, status)
          WHERE d.id = o.id`,
        [batch.map((outcome) => outcome.id), batch.map((outcome) => outcome.status)],
      );
    }
  } finally {
    recording = false;
  }
}

/** Deliveries not finished yet (waiting, in flight or their outcome unwritten): the benchmark waits for 0. */
function pending(): number {
  return waiting.length + inFlight + outcomes.length + (recording ? 1 : 0);
}

async function handle(request: IncomingMessage): Promise<[number, unknown]> {
  if (request.url === '/health') return [200, { status: 'ok' }];
  if (request.url === '/pending') return [200, { pending: pending() }];
  const write = /^\/messages\/(\d+)$/.exec(request.url ?? '');
  if (request.method === 'POST' && write) {
    const { content } = JSON.parse(await readBody(request)) as { content: string };
    return [201, await createMessage(content, Number(write[1]) % fixture.displayIds.length)];
  }
  return [404, { error: 'Not found' }];
}

serve('minimal webhooks baseline', handle, TABLE);
