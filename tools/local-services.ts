import { Client } from 'pg';
import { connect } from 'nats';

const HOW_TO_START_POSTGRES =
  'Start PostgreSQL (e.g. `pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`, or `docker compose up -d postgres`) or set DATABASE_URL.';
const HOW_TO_START_NATS =
  'Start NATS with JetStream (e.g. `nats-server -js`, or `docker compose up -d nats`) or set NATS_URL.';

/** Connects to the PostgreSQL server and creates the database when it does not exist yet. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.replace(/^\//, '')) || 'postgres';
  const maintenance = new URL(databaseUrl);
  maintenance.pathname = '/postgres';
  const client = new Client({ connectionString: maintenance.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${target.host} (${(error as Error).message}).\n${HOW_TO_START_POSTGRES}`,
    );
  }
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** Fails unless NATS answers and has JetStream enabled. */
export async function ensureNats(natsUrl: string): Promise<void> {
  let connection;
  try {
    connection = await connect({ servers: natsUrl, timeout: 3000 });
  } catch (error) {
    throw new Error(`NATS is not reachable at ${natsUrl} (${(error as Error).message}).\n${HOW_TO_START_NATS}`);
  }
  try {
    await (await connection.jetstreamManager()).getAccountInfo();
  } catch (error) {
    throw new Error(`NATS at ${natsUrl} has no JetStream (${(error as Error).message}).\n${HOW_TO_START_NATS}`);
  } finally {
    await connection.close();
  }
}
