import { Global, Module } from '@nestjs/common';
import { KANBAN_SERVICE_CONFIG, loadKanbanConfig } from './kanban.config';

/** Settings of the kanban service itself. */
@Global()
@Module({
  providers: [{ provide: KANBAN_SERVICE_CONFIG, useFactory: () => loadKanbanConfig() }],
  exports: [KANBAN_SERVICE_CONFIG],
})
export class KanbanConfigModule {}
