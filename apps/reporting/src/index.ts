import type { DataSource } from 'typeorm';
import type { RpcClient } from '@parley/service-kit';
import { CsatService } from './csat/csat.service';
import { CsatWriter } from './csat/csat.writer';
import { ConversationProgressWriter } from './ingestion/conversation-progress.writer';
import { ConversationStatesLoader } from './ingestion/conversation-states.loader';
import { ConversationStatesWriter } from './ingestion/conversation-states.writer';
import { FactsWriter } from './ingestion/facts.writer';
import { ModelLoader } from './ingestion/model.loader';
import { IngestionService } from './ingestion/ingestion.service';
import { ModelStateLoader } from './model-state/model-state.loader';
import { MessagingViewLoader } from './read-models/messaging-view/messaging-view.loader';
import { MessagingViewWriter } from './read-models/messaging-view/messaging-view.writer';
import type { ReportingConfig } from './reporting.config';
import { ReportsQuery } from './reports/reports.query';
import { ReportsService } from './reports/reports.service';

/*
 * What code outside reporting may use (`@parley/reporting`; apps never import it, the lint
 * refuses). The reports benchmark (bench/reports.bench.ts) runs the service's own ingestion
 * and report code on a database of its own, without NATS.
 */
export { loadReportingConfig } from './reporting.config';
export { reportingSchema } from './schema';

/**
 * The reporting model on `db`, wired as the service's modules wire it: the messaging view's
 * writer (to seed inboxes, teams and agents), ingestion through the consumers' batch entry
 * points, the reports as the handlers answer them, and their query (roll-ups can be switched
 * off per call). There is no RpcClient: only rating a CSAT survey asks messaging, and that is
 * not reachable from here.
 */
export function reportingModelOn(db: DataSource, config: ReportingConfig) {
  const viewLoader = new MessagingViewLoader();
  const query = new ReportsQuery(db);
  const csat = new CsatService(db, config, null as unknown as RpcClient);
  return {
    messagingView: new MessagingViewWriter(),
    ingestion: new IngestionService(
      new FactsWriter(),
      new ConversationProgressWriter(),
      viewLoader,
      new CsatWriter(),
      new ModelStateLoader(db),
      new ConversationStatesWriter(),
    ),
    query,
    reports: new ReportsService(query, new ConversationStatesLoader(), viewLoader, db, config, csat, new ModelLoader()),
  };
}
