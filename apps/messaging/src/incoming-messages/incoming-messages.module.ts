import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { InboxesModule } from '../inboxes/inboxes.module';
import { StatusModule } from '../status/status.module';
import { IncomingMessageWriter } from './incoming-message.writer';

/** What channels deliver, written into conversations (used by email-inbound/ and provider-webhooks/). */
@Module({
  imports: [ConversationsModule, InboxesModule, StatusModule],
  providers: [IncomingMessageWriter],
  exports: [IncomingMessageWriter],
})
export class IncomingMessagesModule {}
