import {
  deletedAccountsMigration,
  parkedEventsMigration,
  kitTablesMigration,
  type SchemaDefinition,
} from '@parley/service-kit';
import { Webhooks1732233600001 } from './migrations/1732233600001-webhooks';
import { DeliveryLeases1732233600002 } from './migrations/1732233600002-delivery-leases';
import { DeliveryTrace1732233600003 } from './migrations/1732233600003-delivery-trace';
import { DirectDeliveryKey1732233600004 } from './migrations/1732233600004-direct-delivery-key';
import { ViewVersions1732233600005 } from './migrations/1732233600005-view-versions';

/** The tables of the `webhook_dispatcher` schema and the migrations that build them, in order. */
export const webhookDispatcherSchema: SchemaDefinition = {
  migrations: [
    kitTablesMigration('webhook_dispatcher'),
    Webhooks1732233600001,
    DeliveryLeases1732233600002,
    DeliveryTrace1732233600003,
    DirectDeliveryKey1732233600004,
    ViewVersions1732233600005,
    deletedAccountsMigration('webhook_dispatcher'),
    parkedEventsMigration('webhook_dispatcher'),
  ],
};
