import {
  deletedAccountsMigration,
  parkedEventsMigration,
  kitTablesMigration,
  type SchemaDefinition,
} from '@parley/service-kit';
import { AutomationRules1764000000001 } from './migrations/1764000000001-automation-rules';
import { Macros1764000000002 } from './migrations/1764000000002-macros';

/** The tables of the `automation` schema and the migrations that build them, in order. */
export const automationSchema: SchemaDefinition = {
  migrations: [
    kitTablesMigration('automation'),
    AutomationRules1764000000001,
    Macros1764000000002,
    deletedAccountsMigration('automation'),
    parkedEventsMigration('automation'),
  ],
};
