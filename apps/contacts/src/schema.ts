import {
  deletedAccountsMigration,
  parkedEventsMigration,
  kitTablesMigration,
  type SchemaDefinition,
} from '@parley/service-kit';
import { Contacts1732233600001 } from './migrations/1732233600001-contacts';
import { ContactSubstringIndex1732233600002 } from './migrations/1732233600002-contact-substring-index';
import { InboxViewSnapshot1732233600003 } from './migrations/1732233600003-inbox-view-snapshot';
import { ContactInboxTokens1732233600004 } from './migrations/1732233600004-contact-inbox-tokens';
import { ContactPresence1732233600005 } from './migrations/1732233600005-contact-presence';

/** The tables of the `contacts` schema and the migrations that build them, in order. */
export const contactsSchema: SchemaDefinition = {
  migrations: [
    kitTablesMigration('contacts'),
    Contacts1732233600001,
    ContactSubstringIndex1732233600002,
    InboxViewSnapshot1732233600003,
    ContactInboxTokens1732233600004,
    ContactPresence1732233600005,
    deletedAccountsMigration('contacts'),
    parkedEventsMigration('contacts'),
  ],
};
