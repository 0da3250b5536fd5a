import { Module } from '@nestjs/common';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { AccountReferencesAdapter } from './account-references.adapter';
import { CampaignRunWriter } from './campaign-run.writer';
import { CampaignsLoader } from './campaigns.loader';
import { CampaignsHandlers } from './campaigns.handlers';
import { CampaignsService } from './campaigns.service';

/** Campaigns: what to send to whom, and their state (the `campaigns` table). */
@Module({
  imports: [MessagingViewModule],
  controllers: [CampaignsHandlers],
  providers: [CampaignsService, AccountReferencesAdapter, CampaignRunWriter, CampaignsLoader],
  exports: [CampaignsService, AccountReferencesAdapter, CampaignRunWriter, CampaignsLoader],
})
export class CampaignsModule {}
