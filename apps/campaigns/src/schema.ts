import {
  deletedAccountsMigration,
  parkedEventsMigration,
  kitTablesMigration,
  type SchemaDefinition,
} from '@parley/service-kit';
import { Campaigns1764100000001 } from './migrations/1764100000001-campaigns';

/** The tables of the `campaigns` schema and the migrations that build them, in order. */
export const campaignsSchema: SchemaDefinition = {
  migrations: [
    kitTablesMigration('campaigns'),
    Campaigns1764100000001,
    deletedAccountsMigration('campaigns'),
    parkedEventsMigration('campaigns'),
  ],
};
