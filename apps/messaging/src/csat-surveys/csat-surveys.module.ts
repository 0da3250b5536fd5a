import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { InboxesModule } from '../inboxes/inboxes.module';
import { CsatSurveysHandlers } from './csat-surveys.handlers';
import { CsatSurveysService } from './csat-surveys.service';

/** CSAT surveys: sent on resolve when the inbox asks for them, found by their token. */
@Module({
  imports: [ConversationsModule, InboxesModule],
  controllers: [CsatSurveysHandlers],
  providers: [CsatSurveysService],
})
export class CsatSurveysModule {}
