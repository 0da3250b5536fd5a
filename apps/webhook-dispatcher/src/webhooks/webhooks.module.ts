import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TargetsModule } from '../targets/targets.module';
import { WebhookEntity } from './persistence/webhook.orm-entity';
import { WebhooksHandlers } from './webhooks.handlers';
import { WebhooksLoader } from './webhooks.loader';
import { WebhooksService } from './webhooks.service';

/** Account webhooks: where an account's events go (the `webhooks` table). */
@Module({
  imports: [TypeOrmModule.forFeature([WebhookEntity]), TargetsModule],
  controllers: [WebhooksHandlers],
  providers: [WebhooksService, WebhooksLoader],
  exports: [WebhooksService, WebhooksLoader],
})
export class WebhooksModule {}
