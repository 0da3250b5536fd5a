import { kitTablesMigration, type SchemaDefinition } from '@parley/service-kit';

/** The tables of the `contacts` schema and the migrations that build them, in order (its own tables arrive with its features). */
export const contactsSchema: SchemaDefinition = {
  entities: [],
  migrations: [kitTablesMigration('contacts')],
};
