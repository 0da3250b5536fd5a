import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { TranscriptHandlers } from './transcript.handlers';
import { TranscriptService } from './transcript.service';

/** A conversation's public messages sent as an e-mail. */
@Module({
  imports: [ConversationsModule],
  controllers: [TranscriptHandlers],
  providers: [TranscriptService],
})
export class TranscriptModule {}
