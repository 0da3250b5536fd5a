import { Module } from '@nestjs/common';
import { IngestionModule } from '../ingestion/ingestion.module';
import { ModelStateModule } from '../model-state/model-state.module';
import { RebuildHandlers } from './rebuild.handlers';
import { RebuildWatchWorker } from './rebuild-watch.worker';
import { RebuildService } from './rebuild.service';

/** The operator's command that rebuilds the model from the events the stream holds. */
@Module({
  imports: [IngestionModule, ModelStateModule],
  controllers: [RebuildHandlers],
  providers: [RebuildService, RebuildWatchWorker],
})
export class RebuildModule {}
