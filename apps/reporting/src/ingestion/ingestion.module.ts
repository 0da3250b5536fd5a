import { Module } from '@nestjs/common';
import { CsatModule } from '../csat/csat.module';
import { ModelStateModule } from '../model-state/model-state.module';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { ConversationFactsConsumer } from './conversation-facts.consumer';
import { ConversationStatesLoader } from './conversation-states.loader';
import { ConversationProgressWriter } from './conversation-progress.writer';
import { ConversationStatesWriter } from './conversation-states.writer';
import { FactsWriter } from './facts.writer';
import { HistoryIngestionService } from './history-ingestion.service';
import { IngestionService } from './ingestion.service';
import { ModelLoader } from './model.loader';

/** Builds the model (facts, hourly roll-ups, conversation state) from messaging's events and, for a rebuild, its history. */
@Module({
  imports: [MessagingViewModule, CsatModule, ModelStateModule],
  providers: [
    ConversationFactsConsumer,
    IngestionService,
    HistoryIngestionService,
    FactsWriter,
    ConversationProgressWriter,
    ConversationStatesWriter,
    ConversationStatesLoader,
    ModelLoader,
  ],
  exports: [IngestionService, HistoryIngestionService, ConversationStatesLoader, ModelLoader],
})
export class IngestionModule {}
