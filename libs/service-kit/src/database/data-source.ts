import { Client } from 'pg';
import { DataSource, type DataSourceOptions, type MixedList } from 'typeorm';
import type { DatabaseConfig } from '../config/service-config';

export interface SchemaDefinition {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
}

/** A DataSource bound to the service's own schema, with its own migrations table there. */
export function dataSourceOptions(database: DatabaseConfig, definition: SchemaDefinition): DataSourceOptions {
  return {
    type: 'postgres',
    url: database.url,
    schema: database.schema,
    migrations: definition.migrations,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    logging: false,
    extra: { max: database.poolSize, application_name: database.schema },
  };
}

/**
 * Creates the schema when it is missing (a deployment may have created it already, with a
 * role that may not create schemas), connects and applies pending migrations under an
 * advisory lock, so replicas starting together migrate once.
 */
export async function openDataSource(options: DataSourceOptions): Promise<DataSource> {
  const schema = (options as { schema: string }).schema;
  await ensureSchema((options as { url: string }).url, schema);
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`parley-migrations:${schema}`]);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await runner
      .query('SELECT pg_advisory_unlock(hashtext($1))', [`parley-migrations:${schema}`])
      .catch(() => undefined);
    await runner.release();
  }
  return dataSource;
}

async function ensureSchema(url: string, schema: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    if (found.rowCount === 0) await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } catch (error) {
    // Two services (or replicas) raced to create it: fine as long as it exists now.
    if ((error as { code?: string }).code !== '23505') throw error;
  } finally {
    await client.end();
  }
}
