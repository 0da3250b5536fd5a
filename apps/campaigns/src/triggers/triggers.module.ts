import { Module } from '@nestjs/common';
import { CampaignsModule } from '../campaigns/campaigns.module';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { SendingModule } from '../sending/sending.module';
import { CampaignTriggersHandlers } from './campaign-triggers.handlers';
import { CampaignTriggersService } from './campaign-triggers.service';

/** The widget trigger of ongoing campaigns. */
@Module({
  imports: [CampaignsModule, SendingModule, MessagingViewModule],
  controllers: [CampaignTriggersHandlers],
  providers: [CampaignTriggersService],
})
export class TriggersModule {}
