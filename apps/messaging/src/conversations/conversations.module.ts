import { Module } from '@nestjs/common';
import { CustomAttributesModule } from '../custom-attributes/custom-attributes.module';
import { IdentityModule } from '../identity/identity.module';
import { InboxesModule } from '../inboxes/inboxes.module';
import { ContactsViewModule } from '../read-models/contacts-view/contacts-view.module';
import { TeamsModule } from '../teams/teams.module';
import { ContactConversationsLoader } from './contact-conversations.loader';
import { ConversationAccessService } from './conversation-access.service';
import { ConversationChangesService } from './conversation-changes.service';
import { ConversationChecksService } from './conversation-checks.service';
import { ConversationCountsWorker } from './conversation-counts.worker';
import { ConversationHistoryLoader } from './conversation-history.loader';
import { ConversationInsertsWriter } from './conversation-inserts.writer';
import { ConversationLoader } from './conversation.loader';
import { ConversationWriter } from './conversation.writer';
import { ChannelSendQueueWriter } from './channel-send-queue.writer';
import { ConversationsHandlers } from './conversations.handlers';
import { ConversationsQuery } from './conversations.query';
import { ConversationsService } from './conversations.service';
import { MessageLoader } from './message.loader';
import { MessageWriter } from './message.writer';

/**
 * The conversation aggregate: its tables (conversations, messages, attachments, counts), access
 * checks, loaders and writers, the one place its state changes (with activity messages, and
 * auto-assignment through the pick assignment/ registers), and create, show, list, filter and
 * meta. The use-case folders (assignment/, status/, conversation-attributes/, transcript/,
 * campaign-sends/, csat-surveys/, messages/) and cascades/ work through what it exports; it
 * imports none of them.
 */
@Module({
  imports: [IdentityModule, InboxesModule, TeamsModule, CustomAttributesModule, ContactsViewModule],
  controllers: [ConversationsHandlers],
  providers: [
    ConversationsService,
    ConversationsQuery,
    ConversationAccessService,
    ConversationChecksService,
    ConversationLoader,
    ConversationHistoryLoader,
    ConversationWriter,
    ConversationInsertsWriter,
    ConversationChangesService,
    ConversationCountsWorker,
    MessageLoader,
    MessageWriter,
    ChannelSendQueueWriter,
    ContactConversationsLoader,
  ],
  exports: [
    ContactConversationsLoader,
    ConversationAccessService,
    ConversationChecksService,
    ConversationLoader,
    ConversationHistoryLoader,
    ConversationWriter,
    ConversationInsertsWriter,
    ConversationChangesService,
    MessageLoader,
    MessageWriter,
    ChannelSendQueueWriter,
    ConversationsQuery,
  ],
})
export class ConversationsModule {}
