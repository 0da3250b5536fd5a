import { Module } from '@nestjs/common';
import { CampaignsModule } from '../campaigns/campaigns.module';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { CampaignMessagesAdapter } from './campaign-messages.adapter';
import { CampaignRunsWorker } from './campaign-runs.worker';
import { CampaignSendsWriter } from './campaign-sends.writer';
import { SendLogHandlers } from './send-log.handlers';
import { SendLogQuery } from './send-log.query';

/** Runs campaigns and keeps their per-contact sends (the `campaign_sends` table) and send log. */
@Module({
  imports: [CampaignsModule, MessagingViewModule],
  controllers: [SendLogHandlers],
  providers: [CampaignRunsWorker, CampaignSendsWriter, CampaignMessagesAdapter, SendLogQuery],
  exports: [CampaignSendsWriter, CampaignMessagesAdapter],
})
export class SendingModule {}
