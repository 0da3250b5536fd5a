import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/service-kit';
import { AttachmentsModule } from './attachments/attachments.module';
import { AutomationsModule } from './automations/automations.module';
import { BoardSettingsModule } from './board-settings/board-settings.module';
import { CardsModule } from './cards/cards.module';
import { CascadesModule } from './cascades/cascades.module';
import { ChecklistsModule } from './checklists/checklists.module';
import { FunnelsModule } from './funnels/funnels.module';
import { KanbanConfigModule } from './kanban-config.module';
import { KanbanWebhookModule } from './kanban-webhook/kanban-webhook.module';
import { NotesModule } from './notes/notes.module';
import { MessagingViewModule } from './read-models/messaging-view/messaging-view.module';
import { kanbanSchema } from './schema';

@Module({
  imports: [
    ServiceKitModule.forRoot({ service: 'kanban', schema: kanbanSchema }),
    KanbanConfigModule,
    BoardSettingsModule,
    MessagingViewModule,
    FunnelsModule,
    CardsModule,
    ChecklistsModule,
    NotesModule,
    AttachmentsModule,
    AutomationsModule,
    CascadesModule,
    KanbanWebhookModule,
  ],
})
export class AppModule {}
