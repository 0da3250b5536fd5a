import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { AccountDeletedConsumer } from './account-deleted.consumer';

@Module({
  imports: [WebhooksModule],
  providers: [AccountDeletedConsumer],
})
export class CascadesModule {}
