import { kitTablesMigration, type SchemaDefinition } from '@parley/service-kit';

/** The tables of the `kanban` schema and the migrations that build them, in order (its own tables arrive with its features). */
export const kanbanSchema: SchemaDefinition = {
  entities: [],
  migrations: [kitTablesMigration('kanban')],
};
