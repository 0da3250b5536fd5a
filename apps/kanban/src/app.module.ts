import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/service-kit';
import { AttachmentsModule } from './attachments/attachments.module';
import { AutomationsModule } from './automations/automations.module';
import { BoardSettingsModule } from './board-settings/board-settings.module';
import { CardCsvModule } from './card-csv/card-csv.module';
import { CardMovesModule } from './card-moves/card-moves.module';
import { CardReportsModule } from './card-reports/card-reports.module';
import { CardSearchModule } from './card-search/card-search.module';
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
    CardMovesModule,
    CardSearchModule,
    CardCsvModule,
    CardReportsModule,
    ChecklistsModule,
    NotesModule,
    AttachmentsModule,
    AutomationsModule,
    CascadesModule,
    KanbanWebhookModule,
  ],
})
export class AppModule {}
