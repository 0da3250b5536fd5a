import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { IdentityModule } from '../identity/identity.module';
import { InboxesModule } from '../inboxes/inboxes.module';
import { ContactsViewModule } from '../read-models/contacts-view/contacts-view.module';
import { CampaignSendsHandlers } from './campaign-sends.handlers';
import { CampaignSendsService } from './campaign-sends.service';

/** The campaigns service's sends: a new conversation per contact, opened by the campaign's message, once per key. */
@Module({
  imports: [ConversationsModule, IdentityModule, InboxesModule, ContactsViewModule],
  controllers: [CampaignSendsHandlers],
  providers: [CampaignSendsService],
})
export class CampaignSendsModule {}
