import { Module } from '@nestjs/common';
import { BoardSettingsModule } from '../board-settings/board-settings.module';
import { KanbanWebhookConsumer } from './kanban-webhook.consumer';

/** Card events to `kanban_config.webhook_url`, through the webhook dispatcher. */
@Module({
  imports: [BoardSettingsModule],
  providers: [KanbanWebhookConsumer],
})
export class KanbanWebhookModule {}
