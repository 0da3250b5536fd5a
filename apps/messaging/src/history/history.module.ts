import { Module } from '@nestjs/common';
import { HistoryHandlers } from './history.handlers';
import { HistoryQueries } from './history.query';

/** Messaging's history in pages, for models other contexts rebuild (reporting). */
@Module({ controllers: [HistoryHandlers], providers: [HistoryQueries] })
export class HistoryModule {}
