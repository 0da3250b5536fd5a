import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { InboxesModule } from '../inboxes/inboxes.module';
import { StatusModule } from '../status/status.module';
import { MessagesHandlers } from './messages.handlers';
import { MessagesService } from './messages.service';

/** Message use cases, over the conversation aggregate's exported loaders and writers. */
@Module({
  imports: [ConversationsModule, InboxesModule, StatusModule],
  controllers: [MessagesHandlers],
  providers: [MessagesService],
  exports: [MessagesService],
})
export class MessagesModule {}
