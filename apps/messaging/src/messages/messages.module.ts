import { Module } from '@nestjs/common';
import { CHANNEL_TYPES } from '@parley/contracts';
import { ConversationsModule } from '../conversations/conversations.module';
import { InboxesModule } from '../inboxes/inboxes.module';
import { StatusModule } from '../status/status.module';
import { MESSAGING_CONFIG, type MessagingConfig } from '../messaging.config';
import { CHANNEL_ADAPTERS, type ChannelAdapters } from './channel-delivery/channel-adapter.types';
import { ChannelDeliveryConsumer } from './channel-delivery/channel-delivery.consumer';
import { SandboxChannelAdapter } from './channel-delivery/sandbox-channel.adapter';
import { MessagesHandlers } from './messages.handlers';
import { MessagesService } from './messages.service';

/** Every channel but the API channel goes through a provider adapter: the sandbox one here. */
function channelAdapters(config: MessagingConfig): ChannelAdapters {
  const sandbox = new SandboxChannelAdapter(config.sandboxFailText);
  const adapters: ChannelAdapters = {};
  for (const type of Object.values(CHANNEL_TYPES)) if (type !== CHANNEL_TYPES.api) adapters[type] = sandbox;
  return adapters;
}

/** Message use cases and channel delivery, over the conversation aggregate's exported loaders and writers. */
@Module({
  imports: [ConversationsModule, InboxesModule, StatusModule],
  controllers: [MessagesHandlers],
  providers: [
    MessagesService,
    ChannelDeliveryConsumer,
    { provide: CHANNEL_ADAPTERS, inject: [MESSAGING_CONFIG], useFactory: channelAdapters },
  ],
  exports: [MessagesService],
})
export class MessagesModule {}
