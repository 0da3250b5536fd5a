import { kitTablesMigration, type SchemaDefinition } from '@parley/service-kit';

/** The tables of the `campaigns` schema and the migrations that build them, in order (its own tables arrive with its features). */
export const campaignsSchema: SchemaDefinition = {
  entities: [],
  migrations: [kitTablesMigration('campaigns')],
};
