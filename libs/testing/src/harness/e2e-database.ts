import { Client } from 'pg';
import { readE2eState } from './e2e-state';

/** A connection to the run's database, for a test that holds a transaction open across its steps; the caller ends it. */
export async function e2eDatabaseClient(): Promise<Client> {
  const client = new Client({ connectionString: readE2eState().databaseUrl });
  await client.connect();
  return client;
}

/** One statement on the run's database, on a connection of its own: what a test reads behind the API, or a fault it makes. */
export async function e2eQuery<T extends object = Record<string, unknown>>(
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = await e2eDatabaseClient();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
