import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CustomAttributesModule } from '../custom-attributes/custom-attributes.module';
import { IdentityModule } from '../identity/identity.module';
import { InboxesModule } from '../inboxes/inboxes.module';
import { ContactsViewModule } from '../read-models/contacts-view/contacts-view.module';
import { TeamsModule } from '../teams/teams.module';
import { AutoAssigner } from './auto-assign.service';
import { ConversationAccess } from './conversation-access.service';
import { ConversationChanges } from './conversation-changes.service';
import { ConversationLoader } from './conversation.loader';
import { ConversationHistoryLoader } from './conversation-history.loader';
import { ConversationWriter } from './conversation.writer';
import { CsatSurveyLoader } from './csat-survey.loader';
import { CsatSurveysHandlers } from './csat-surveys.handlers';
import { ConversationsHandlers } from './conversations.handlers';
import { ConversationQuery } from './conversations.query';
import { ConversationsService } from './conversations.service';
import { MessageLoader } from './message.loader';
import { MessageWriter } from './message.writer';
import { AttachmentEntity } from './persistence/attachment.orm-entity';
import { ConversationEntity } from './persistence/conversation.orm-entity';
import { MessageEntity } from './persistence/message.orm-entity';
import { Rebalancer } from './rebalancer.consumer';
import { SnoozeWakeWorker } from './snooze-wake.worker';
import { ConversationCountsWorker } from './conversation-counts.worker';
import { CampaignSends } from './campaign-sends.service';
import { ConversationInserts } from './conversation-inserts.writer';

/**
 * The conversation aggregate: conversations, their messages and attachments. Message use cases
 * (messages/) and cascades write through the access, loaders and writers exported here.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([ConversationEntity, MessageEntity, AttachmentEntity]),
    IdentityModule,
    InboxesModule,
    TeamsModule,
    CustomAttributesModule,
    ContactsViewModule,
  ],
  controllers: [ConversationsHandlers, CsatSurveysHandlers],
  providers: [
    ConversationsService,
    ConversationQuery,
    ConversationAccess,
    ConversationLoader,
    ConversationHistoryLoader,
    ConversationWriter,
    ConversationChanges,
    AutoAssigner,
    CsatSurveyLoader,
    Rebalancer,
    SnoozeWakeWorker,
    ConversationCountsWorker,
    CampaignSends,
    ConversationInserts,
    MessageLoader,
    MessageWriter,
  ],
  exports: [ConversationsService, ConversationAccess, ConversationLoader, ConversationHistoryLoader, ConversationWriter, ConversationChanges, MessageLoader, MessageWriter],
})
export class ConversationsModule {}
