import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { ConversationAttributesHandlers } from './conversation-attributes.handlers';
import { ConversationAttributesService } from './conversation-attributes.service';

/** A conversation's labels, custom attributes, priority and mute (the account's label and attribute definitions live in labels/ and custom-attributes/). */
@Module({
  imports: [ConversationsModule],
  controllers: [ConversationAttributesHandlers],
  providers: [ConversationAttributesService],
})
export class ConversationAttributesModule {}
