import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { InboxesModule } from '../inboxes/inboxes.module';
import { StatusModule } from '../status/status.module';
import { PublicAccessService } from './public-access.service';
import { PublicApiHandlers } from './public-api.handlers';
import { PublicContactsService } from './public-contacts.service';
import { PublicConversationsService } from './public-conversations.service';

/** The public client API of API-channel and web-widget inboxes (no access token: the inbox's public token and the contact's source id). */
@Module({
  imports: [ConversationsModule, InboxesModule, StatusModule],
  controllers: [PublicApiHandlers],
  providers: [PublicAccessService, PublicContactsService, PublicConversationsService],
})
export class PublicApiModule {}
