import { Module } from '@nestjs/common';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { TargetsModule } from '../targets/targets.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { DeliveriesHandlers } from './deliveries.handlers';
import { DeliveriesService } from './deliveries.service';
import { DeliveryAttemptService } from './delivery-attempt.service';
import { DeliveryLeasesWriter } from './delivery-leases.writer';
import { DeliveryLogQuery } from './delivery-log.query';
import { DeliveryOutcomeWriter } from './delivery-outcome.writer';
import { DeliveryPollerWorker } from './delivery-poller.worker';
import { DeliveryQueueWriter } from './delivery-queue.writer';
import { DueNotificationsAdapter } from './due-notifications.adapter';
import { HttpsAdapter } from './https.adapter';
import { ImmediateAttemptsService } from './immediate-attempts.service';

/** Deliveries as rows: queued by fan-out and by other services, leased, sent and retried by the poller. */
@Module({
  imports: [WebhooksModule, TargetsModule, MessagingViewModule],
  controllers: [DeliveriesHandlers],
  providers: [
    DeliveriesService,
    DeliveryQueueWriter,
    DeliveryPollerWorker,
    DeliveryLeasesWriter,
    DeliveryAttemptService,
    DeliveryOutcomeWriter,
    DueNotificationsAdapter,
    DeliveryLogQuery,
    HttpsAdapter,
    ImmediateAttemptsService,
  ],
  exports: [DeliveryQueueWriter, ImmediateAttemptsService],
})
export class DeliveriesModule {}
