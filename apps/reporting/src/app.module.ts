import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/service-kit';
import { CascadesModule } from './cascades/cascades.module';
import { CsatModule } from './csat/csat.module';
import { IngestionModule } from './ingestion/ingestion.module';
import { MessagingViewModule } from './read-models/messaging-view/messaging-view.module';
import { ReportingConfigModule } from './reporting-config.module';
import { RebuildModule } from './rebuild/rebuild.module';
import { ReportsModule } from './reports/reports.module';
import { reportingSchema } from './schema';

@Module({
  imports: [
    ServiceKitModule.forRoot({ service: 'reporting', schema: reportingSchema }),
    ReportingConfigModule,
    MessagingViewModule,
    CsatModule,
    IngestionModule,
    ReportsModule,
    RebuildModule,
    CascadesModule,
  ],
})
export class AppModule {}
