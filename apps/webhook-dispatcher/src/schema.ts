import { kitTablesMigration, type SchemaDefinition } from '@parley/service-kit';

/** The tables of the `webhook_dispatcher` schema and the migrations that build them, in order (its own tables arrive with its features). */
export const webhookDispatcherSchema: SchemaDefinition = {
  entities: [],
  migrations: [kitTablesMigration('webhook_dispatcher')],
};
