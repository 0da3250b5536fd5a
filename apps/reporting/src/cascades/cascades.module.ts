import { Module } from '@nestjs/common';
import { CsatModule } from '../csat/csat.module';
import { IngestionModule } from '../ingestion/ingestion.module';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { AccountDeletedConsumer } from './account-deleted.consumer';

/** Reporting's reactions to other contexts' deletions. */
@Module({
  imports: [IngestionModule, CsatModule, MessagingViewModule],
  providers: [AccountDeletedConsumer],
})
export class CascadesModule {}
