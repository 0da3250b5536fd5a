import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CHANNEL_TYPES } from '@parley/contracts';
import { ContactEventsConsumer } from '../read-models/contacts-view/contacts-view.consumer';
import { ContactViewEntity } from '../read-models/contacts-view/persistence/contact-view.orm-entity';
import { ContactsViewService } from '../read-models/contacts-view/contacts-view.service';
import { CHANNEL_ADAPTERS, type ChannelAdapters } from '../messages/channel-delivery/channel-adapter.types';
import { ChannelDeliveryConsumer } from '../messages/channel-delivery/channel-delivery.consumer';
import { SandboxChannelAdapter } from '../messages/channel-delivery/sandbox-channel.adapter';
import { MessageLoader } from './message.loader';
import { MessageWriter } from './message.writer';
import { MessagesHandlers } from '../messages/messages.handlers';
import { MessagesService } from '../messages/messages.service';
import { AttachmentEntity } from './persistence/attachment.orm-entity';
import { MessageEntity } from './persistence/message.orm-entity';
import { MESSAGING_CONFIG, type MessagingConfig } from '../messaging.config';
import { AutoAssigner } from './auto-assign.service';
import { ConversationCascades } from '../cascades/conversation-cascades.consumer';
import { ConversationAccess } from './conversation-access.service';
import { ConversationChanges } from './conversation-changes.service';
import { ConversationLoader } from './conversation.loader';
import { ConversationQuery } from './conversations.query';
import { ConversationsHandlers } from './conversations.handlers';
import { ConversationsService } from './conversations.service';
import { ConversationEntity } from './persistence/conversation.orm-entity';
import { Rebalancer } from './rebalancer.consumer';
import { SnoozeWaker } from './snooze-waker.scheduler';

/** Every channel but the API channel goes through a provider adapter: the sandbox one here. */
function channelAdapters(config: MessagingConfig): ChannelAdapters {
  const sandbox = new SandboxChannelAdapter(config.sandboxFailText);
  const adapters: ChannelAdapters = {};
  for (const type of Object.values(CHANNEL_TYPES)) if (type !== CHANNEL_TYPES.api) adapters[type] = sandbox;
  return adapters;
}

@Module({
  imports: [TypeOrmModule.forFeature([ConversationEntity, MessageEntity, AttachmentEntity, ContactViewEntity])],
  controllers: [ConversationsHandlers, MessagesHandlers],
  providers: [
    ConversationLoader,
    ConversationQuery,
    ConversationAccess,
    ConversationChanges,
    ConversationsService,
    AutoAssigner,
    Rebalancer,
    SnoozeWaker,
    ConversationCascades,
    MessageLoader,
    MessageWriter,
    MessagesService,
    ContactsViewService,
    ContactEventsConsumer,
    ChannelDeliveryConsumer,
    { provide: CHANNEL_ADAPTERS, inject: [MESSAGING_CONFIG], useFactory: channelAdapters },
  ],
})
export class ConversationsModule {}
