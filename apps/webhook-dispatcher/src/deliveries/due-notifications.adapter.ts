import { Inject, Injectable } from '@nestjs/common';
import { CommitNotifications, SERVICE_CONFIG, type ServiceConfig } from '@parley/service-kit';

/** Announced (pg_notify) by every transaction that adds deliveries; PostgreSQL sends it when that transaction commits. */
export const DELIVERIES_DUE_CHANNEL = 'webhook_dispatcher_deliveries_due';

/** Wakes the delivery poller when deliveries are added, by any replica, right after their transaction commits. */
@Injectable()
export class DueNotificationsAdapter extends CommitNotifications {
  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    super(config.database!.url, DELIVERIES_DUE_CHANNEL);
  }
}
