import { Module } from '@nestjs/common';
import { CsatModule } from '../csat/csat.module';
import { IngestionModule } from '../ingestion/ingestion.module';
import { ModelStateModule } from '../model-state/model-state.module';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { ReportsHandlers } from './reports.handlers';
import { ReportsQuery } from './reports.query';
import { ReportsService } from './reports.service';

/** Every report, answered from the model the ingestion feature keeps. */
@Module({
  imports: [IngestionModule, MessagingViewModule, CsatModule, ModelStateModule],
  controllers: [ReportsHandlers],
  providers: [ReportsService, ReportsQuery],
})
export class ReportsModule {}
