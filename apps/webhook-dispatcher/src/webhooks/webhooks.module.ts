import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DeliveriesModule } from '../deliveries/deliveries.module';
import { AccountDeletedConsumer } from './account-deleted.consumer';
import { WebhookEntity } from './webhook.orm-entity';
import { WebhooksHandlers } from './webhooks.handlers';
import { WebhooksService } from './webhooks.service';

@Module({
  imports: [TypeOrmModule.forFeature([WebhookEntity]), DeliveriesModule],
  controllers: [WebhooksHandlers],
  providers: [WebhooksService, AccountDeletedConsumer],
})
export class WebhooksModule {}
