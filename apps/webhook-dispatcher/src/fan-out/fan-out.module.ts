import { Module } from '@nestjs/common';
import { DeliveriesModule } from '../deliveries/deliveries.module';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { FanOutService } from './fan-out.service';
import { PublicEventsConsumer } from './public-events.consumer';

/** Public events turned into deliveries: one per subscribed webhook, plus an API inbox's callback. */
@Module({
  imports: [DeliveriesModule, WebhooksModule, MessagingViewModule],
  providers: [FanOutService, PublicEventsConsumer],
})
export class FanOutModule {}
