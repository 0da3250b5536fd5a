import { deletedAccountsMigration, kitTablesMigration, type SchemaDefinition } from '@parley/service-kit';
import { ContactInboxEntity } from './contacts/persistence/contact-inbox.orm-entity';
import { ContactEntity } from './contacts/persistence/contact.orm-entity';
import { ContactImportEntity } from './imports/persistence/contact-import.orm-entity';
import { Contacts1732233600001 } from './migrations/1732233600001-contacts';
import { ContactSubstringIndex1732233600002 } from './migrations/1732233600002-contact-substring-index';
import { InboxViewSnapshot1732233600003 } from './migrations/1732233600003-inbox-view-snapshot';
import { NoteEntity } from './notes/persistence/note.orm-entity';

/** The tables of the `contacts` schema and the migrations that build them, in order. */
export const contactsSchema: SchemaDefinition = {
  entities: [ContactEntity, ContactInboxEntity, NoteEntity, ContactImportEntity],
  migrations: [kitTablesMigration('contacts'), Contacts1732233600001, ContactSubstringIndex1732233600002, InboxViewSnapshot1732233600003, deletedAccountsMigration('contacts')],
};
