import { Module } from '@nestjs/common';
import { DeliveriesModule } from '../deliveries/deliveries.module';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { AccountDeletedConsumer } from './account-deleted.consumer';

/** The dispatcher's reactions to other contexts' deletions. */
@Module({
  imports: [WebhooksModule, DeliveriesModule, MessagingViewModule],
  providers: [AccountDeletedConsumer],
})
export class CascadesModule {}
