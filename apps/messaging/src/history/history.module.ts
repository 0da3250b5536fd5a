import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { HistoryHandlers } from './history.handlers';
import { HistoryPagesQuery } from './history.query';

/** Messaging's history in pages, for models other contexts rebuild (reporting). */
@Module({ imports: [ConversationsModule], controllers: [HistoryHandlers], providers: [HistoryPagesQuery] })
export class HistoryModule {}
