import { Module } from '@nestjs/common';
import { CampaignsModule } from '../campaigns/campaigns.module';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { AccountDeletedConsumer } from './account-deleted.consumer';

/** Campaigns' reactions to other contexts' deletions. */
@Module({
  imports: [CampaignsModule, MessagingViewModule],
  providers: [AccountDeletedConsumer],
})
export class CascadesModule {}
