import { Module } from '@nestjs/common';
import { CallbackTargets } from './callback-targets';
import { DeliveriesHandlers } from './deliveries.handlers';
import { DeliveryAttempt } from './delivery-attempt';
import { DeliveryLeases } from './delivery-leases';
import { DeliveryLog } from './delivery-log';
import { OutcomeRecorder } from './delivery-outcomes';
import { DeliveryPoller } from './delivery-poller';
import { DeliveryQueue } from './delivery-queue';
import { DirectDeliveries } from './direct-deliveries';
import { DueNotifications } from './due-notifications';
import { HttpsSender } from './https-sender';

/** Deliveries as rows: queued by fan-out and by other services, leased, sent and retried by the poller. */
@Module({
  controllers: [DeliveriesHandlers],
  providers: [DeliveryQueue, DeliveryPoller, DeliveryLeases, DeliveryAttempt, OutcomeRecorder, DueNotifications, DeliveryLog, CallbackTargets, HttpsSender, DirectDeliveries],
  exports: [DeliveryQueue, DeliveryLog, CallbackTargets],
})
export class DeliveriesModule {}
