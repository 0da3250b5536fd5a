import type { Pool, PoolClient, QueryResultRow } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/**
 * A hot-path statement run as a named prepared statement: PostgreSQL plans it once per
 * connection instead of on every call (for short statements, planning costs as much as running).
 * `name` must belong to this `text` alone. In a transaction it runs on the transaction's
 * connection; otherwise on a pooled one, as a statement of its own.
 */
export async function preparedQuery<T extends QueryResultRow>(
  on: EntityManager | DataSource,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const manager = on as Partial<EntityManager>;
  const dataSource = manager.connection ?? (on as DataSource);
  const client: Pool | PoolClient = manager.queryRunner
    ? await manager.queryRunner.connect()
    : (dataSource.driver as PostgresDriver).master;
  return (await client.query<T>({ name, text, values })).rows;
}
