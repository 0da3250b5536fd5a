import { kitTablesMigration, type SchemaDefinition } from '@parley/service-kit';

/** The tables of the `automation` schema and the migrations that build them, in order (its own tables arrive with its features). */
export const automationSchema: SchemaDefinition = {
  entities: [],
  migrations: [kitTablesMigration('automation')],
};
