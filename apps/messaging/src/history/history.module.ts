import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { HistoryHandlers } from './history.handlers';
import { HistoryQueries } from './history.query';

/** Messaging's history in pages, for models other contexts rebuild (reporting). */
@Module({ imports: [ConversationsModule], controllers: [HistoryHandlers], providers: [HistoryQueries] })
export class HistoryModule {}
