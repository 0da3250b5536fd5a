import { kitTablesMigration, type SchemaDefinition } from '@parley/service-kit';

/** The tables of the `reporting` schema and the migrations that build them, in order (its own tables arrive with its features). */
export const reportingSchema: SchemaDefinition = {
  entities: [],
  migrations: [kitTablesMigration('reporting')],
};
