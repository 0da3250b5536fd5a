import { Module } from '@nestjs/common';
import { CallbackTargets } from './callback-targets';
import { DeliveriesHandlers } from './deliveries.handlers';
import { DeliveryLog } from './delivery-log';
import { DeliveryPoller } from './delivery-poller';
import { DeliveryQueue } from './delivery-queue';
import { DirectDeliveries } from './direct-deliveries';
import { HttpsSender } from './https-sender';

/** Deliveries as rows: queued by fan-out and by other services, sent and retried by the poller. */
@Module({
  controllers: [DeliveriesHandlers],
  providers: [DeliveryQueue, DeliveryPoller, DeliveryLog, CallbackTargets, HttpsSender, DirectDeliveries],
  exports: [DeliveryQueue, DeliveryLog],
})
export class DeliveriesModule {}
