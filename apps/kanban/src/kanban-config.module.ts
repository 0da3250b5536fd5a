import { Global, Module } from '@nestjs/common';
import { FileStorageModule } from '@parley/service-kit';
import { KANBAN_SERVICE_CONFIG, loadKanbanConfig } from './kanban.config';

/** Settings of the kanban service itself, and the file storage it shares with the gateway (attachments). */
@Global()
@Module({
  imports: [FileStorageModule.register('kanban', { signsLinks: true })],
  providers: [{ provide: KANBAN_SERVICE_CONFIG, useFactory: () => loadKanbanConfig() }],
  exports: [KANBAN_SERVICE_CONFIG, FileStorageModule],
})
export class KanbanConfigModule {}
