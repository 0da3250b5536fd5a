import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CHANNEL_TYPES } from '@parley/contracts';
import { ContactEventsConsumer } from '../contacts-view/contact-events.consumer';
import { ContactViewEntity } from '../contacts-view/contact-view.orm-entity';
import { ContactsViewService } from '../contacts-view/contacts-view.service';
import { CHANNEL_ADAPTERS, type ChannelAdapters } from '../messages/channel-delivery/channel-adapter';
import { ChannelDeliveryConsumer } from '../messages/channel-delivery/channel-delivery.consumer';
import { SandboxChannelAdapter } from '../messages/channel-delivery/sandbox-channel.adapter';
import { MessageLoader } from '../messages/message-loader';
import { MessageWriter } from '../messages/message-writer';
import { MessagesHandlers } from '../messages/messages.handlers';
import { MessagesService } from '../messages/messages.service';
import { AttachmentEntity } from '../messages/persistence/attachment.orm-entity';
import { MessageEntity } from '../messages/persistence/message.orm-entity';
import { MESSAGING_CONFIG, type MessagingConfig } from '../messaging-config';
import { AutoAssigner } from './auto-assigner';
import { ConversationCascades } from './cascades.consumer';
import { ConversationAccess } from './conversation-access';
import { ConversationChanges } from './conversation-changes';
import { ConversationLoader } from './conversation-loader';
import { ConversationQuery } from './conversation-query';
import { ConversationsHandlers } from './conversations.handlers';
import { ConversationsService } from './conversations.service';
import { ConversationEntity } from './persistence/conversation.orm-entity';
import { Rebalancer } from './rebalancer';
import { SnoozeWaker } from './snooze-waker';

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
