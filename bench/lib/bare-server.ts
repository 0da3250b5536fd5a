import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Pool, type PoolClient, type QueryResult, type QueryResultRow } from 'pg';

/**
 * What both bare baselines of the messaging benchmark share: a pg pool as large as a
 * service's, a transaction helper, the HTTP plumbing and the outbox table their events go to.
 */

/** A service's default DB_POOL_SIZE, so every side has as many connections to PostgreSQL. */
export const pool = new Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DB_POOL_SIZE ?? 10),
});

/**
 * A statement as a named prepared statement, planned once per connection: the product runs its
 * hot-path statements this way (preparedQuery), so a baseline that re-plans each call would
 * charge planning to the baseline side and shrink the gap it is there to show.
 */
export function prepared<T extends QueryResultRow>(
  client: Pool | PoolClient,
  name: string,
  text: string,
  values: unknown[],
): Promise<QueryResult<T>> {
  return client.query<T>({ name, text, values });
}

export async function transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
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

export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

/**
 * Creates the baselines' outbox (shaped like messaging's, in a schema of its own so the
 * messaging relay does not publish its rows; the first server to start makes it) and the
 * baseline's own tables (`tables`, idempotent statements), then serves `handle` on PORT.
 */
export function serve(
  name: string,
  handle: (request: IncomingMessage) => Promise<[number, unknown]>,
  tables?: string,
): void {
  const start = async () => {
    await pool.query('CREATE SCHEMA IF NOT EXISTS bench_baseline');
    const { rows } = await pool.query(`SELECT to_regclass('bench_baseline.outbox') AS outbox`);
    // Messaging's outbox with its indexes, but a sequence of its own.
    if (!rows[0].outbox)
      await pool.query(`
        CREATE TABLE bench_baseline.outbox (LIKE messaging.outbox INCLUDING ALL);
        CREATE SEQUENCE bench_baseline.outbox_seq OWNED BY bench_baseline.outbox.seq;
        ALTER TABLE bench_baseline.outbox ALTER seq SET DEFAULT nextval('bench_baseline.outbox_seq')`);
    if (tables) await pool.query(tables);
    const server = createServer((request, response) => {
      handle(request).then(
        ([status, body]) => send(response, status, body),
        (error: Error) => send(response, 500, { error: error.message }),
      );
    });
    server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
  };
  start().catch((error: Error) => {
    process.stderr.write(`${name} could not start: ${error.message}\n`);
    process.exit(1);
  });
}
