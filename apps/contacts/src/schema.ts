import { kitTablesMigration, type SchemaDefinition } from '@parley/service-kit';
import { ContactEntity } from './contacts/persistence/contact.orm-entity';
import { Contacts1732233600001 } from './migrations/1732233600001-contacts';

/** The tables of the `contacts` schema and the migrations that build them, in order. */
export const contactsSchema: SchemaDefinition = {
  entities: [ContactEntity],
  migrations: [kitTablesMigration('contacts'), Contacts1732233600001],
};
