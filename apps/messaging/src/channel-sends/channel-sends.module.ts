import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { InboxesModule } from '../inboxes/inboxes.module';
import { ChannelProvidersAdapter } from './channel-providers.adapter';
import { ChannelSendWorker } from './channel-send.worker';
import { DeliveryStatusService } from './delivery-status.service';
import { SendRequestLoader } from './send-request.loader';

/** The delivery lifecycle of outgoing messages on every channel but the API channel (whose callbacks the dispatcher makes). */
@Module({
  imports: [ConversationsModule, InboxesModule],
  providers: [ChannelSendWorker, SendRequestLoader, ChannelProvidersAdapter, DeliveryStatusService],
  exports: [ChannelProvidersAdapter, DeliveryStatusService],
})
export class ChannelSendsModule {}
