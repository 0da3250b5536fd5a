import type { BackendService } from '@parley/contracts';
import { loadDatabaseConfig } from '../config/service-config';
import { dataSourceOptions, openDataSource, type SchemaDefinition } from './data-source';

/** `nx run <service>:migrate`: applies the service's pending migrations and exits. */
export async function runMigrationsCli(service: BackendService, definition: SchemaDefinition): Promise<void> {
  try {
    const database = loadDatabaseConfig(service);
    const dataSource = await openDataSource(dataSourceOptions(database, definition));
    const applied = await dataSource.query(`SELECT name FROM "${database.schema}".migrations ORDER BY id`);
    process.stdout.write(`${service}: schema "${database.schema}" is at ${applied.length} migration(s)\n`);
    await dataSource.destroy();
  } catch (error) {
    process.stderr.write(`${service}: migration failed: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
