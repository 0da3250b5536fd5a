import { Module } from '@nestjs/common';
import { TargetsModule } from '../targets/targets.module';
import { WebhooksHandlers } from './webhooks.handlers';
import { WebhooksLoader } from './webhooks.loader';
import { WebhooksService } from './webhooks.service';

/** Account webhooks: where an account's events go (the `webhooks` table). */
@Module({
  imports: [TargetsModule],
  controllers: [WebhooksHandlers],
  providers: [WebhooksService, WebhooksLoader],
  exports: [WebhooksService, WebhooksLoader],
})
export class WebhooksModule {}
