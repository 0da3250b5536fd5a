import { Module } from '@nestjs/common';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { TargetsModule } from '../targets/targets.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { DeliveriesHandlers } from './deliveries.handlers';
import { DeliveriesService } from './deliveries.service';
import { DeliveryAttemptService } from './delivery-attempt.service';
import { DeliveryLeases } from './delivery-leases.writer';
import { DeliveryLog } from './delivery-log.query';
import { DeliveryOutcomeWriter } from './delivery-outcome.writer';
import { DeliveryPollerWorker } from './delivery-poller.worker';
import { DeliveryQueue } from './delivery-queue.writer';
import { DueNotifications } from './due-notifications.adapter';
import { HttpsSender } from './https.sender';

/** Deliveries as rows: queued by fan-out and by other services, leased, sent and retried by the poller. */
@Module({
  imports: [WebhooksModule, TargetsModule, MessagingViewModule],
  controllers: [DeliveriesHandlers],
  providers: [DeliveriesService, DeliveryQueue, DeliveryPollerWorker, DeliveryLeases, DeliveryAttemptService, DeliveryOutcomeWriter, DueNotifications, DeliveryLog, HttpsSender],
  exports: [DeliveryQueue],
})
export class DeliveriesModule {}
