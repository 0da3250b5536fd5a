import { Module } from '@nestjs/common';
import { ChannelSendsModule } from '../channel-sends/channel-sends.module';
import { ConversationsModule } from '../conversations/conversations.module';
import { IncomingMessagesModule } from '../incoming-messages/incoming-messages.module';
import { InboxesModule } from '../inboxes/inboxes.module';
import { InboundProviderMessageService } from './inbound-provider-message.service';
import { ProviderWebhookWorker } from './provider-webhook.worker';
import { ProviderWebhooksHandlers } from './provider-webhooks.handlers';
import { ProviderWebhooksService } from './provider-webhooks.service';

/** Providers' webhooks (WhatsApp, Messenger, Instagram, Telegram, Twilio): verified, stored, then applied by a worker. */
@Module({
  imports: [ConversationsModule, InboxesModule, IncomingMessagesModule, ChannelSendsModule],
  controllers: [ProviderWebhooksHandlers],
  providers: [ProviderWebhooksService, ProviderWebhookWorker, InboundProviderMessageService],
})
export class ProviderWebhooksModule {}
