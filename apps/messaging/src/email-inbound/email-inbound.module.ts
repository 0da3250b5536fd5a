import { Module } from '@nestjs/common';
import { ChannelSendsModule } from '../channel-sends/channel-sends.module';
import { ConversationsModule } from '../conversations/conversations.module';
import { IncomingMessagesModule } from '../incoming-messages/incoming-messages.module';
import { InboxesModule } from '../inboxes/inboxes.module';
import { ImapMailboxesWorker } from './imap-mailboxes.worker';
import { InboundEmailService } from './inbound-email.service';
import { InboundEmailWorker } from './inbound-email.worker';
import { InboundSmtpAdapter } from './inbound-smtp.adapter';

/** E-mail into e-mail inboxes: Parley's SMTP listener and IMAP polling store it; a worker applies it. */
@Module({
  imports: [ConversationsModule, InboxesModule, IncomingMessagesModule, ChannelSendsModule],
  providers: [InboundSmtpAdapter, ImapMailboxesWorker, InboundEmailWorker, InboundEmailService],
})
export class EmailInboundModule {}
