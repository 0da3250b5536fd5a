import type { AccountScoped } from '../rpc/caller';
import type {
  BotMetrics,
  ConversationMetrics,
  EntitySummaryKind,
  EntitySummaryRow,
  LiveAgents,
  LiveConversations,
  ModelState,
  ReportSummaryWithPrevious,
  ReportWindowQuery,
  SeriesPoint,
  SeriesQuery,
  SummaryQuery,
  TrafficCell,
} from './report.types';

/** The operator's commands about the model itself. */
export const ModelPatterns = {
  rebuild: 'reporting.model.rebuild',
  state: 'reporting.model.state',
} as const;

export const ReportPatterns = {
  summary: 'reporting.reports.summary',
  series: 'reporting.reports.series',
  conversationMetrics: 'reporting.reports.conversation_metrics',
  entitySummaries: 'reporting.reports.entity_summaries',
  liveConversations: 'reporting.reports.live_conversations',
  liveAgents: 'reporting.reports.live_agents',
  traffic: 'reporting.reports.traffic',
  botMetrics: 'reporting.reports.bot_metrics',
} as const;

/** Every answer says whether the model is complete (`rebuilding`), so a client never takes partial numbers for real ones. */
export interface ReportsRpc {
  [ReportPatterns.summary]: {
    request: AccountScoped & { query: SummaryQuery };
    response: { summary: ReportSummaryWithPrevious } & ModelState;
  };
  [ReportPatterns.series]: {
    request: AccountScoped & { query: SeriesQuery };
    response: { points: SeriesPoint[] } & ModelState;
  };
  [ReportPatterns.conversationMetrics]: {
    request: AccountScoped & { query: SummaryQuery };
    response: { metrics: ConversationMetrics } & ModelState;
  };
  [ReportPatterns.entitySummaries]: {
    request: AccountScoped & { kind: EntitySummaryKind; query: ReportWindowQuery };
    response: { rows: EntitySummaryRow[] } & ModelState;
  };
  [ReportPatterns.liveConversations]: {
    request: AccountScoped & { per_team?: boolean };
    response: { live: LiveConversations } & ModelState;
  };
  [ReportPatterns.liveAgents]: { request: AccountScoped; response: { live: LiveAgents } & ModelState };
  [ReportPatterns.traffic]: {
    request: AccountScoped & { query: ReportWindowQuery & { timezone_offset?: number; timezone?: string } };
    response: { cells: TrafficCell[] } & ModelState;
  };
  [ModelPatterns.rebuild]: { request: Record<string, never>; response: ModelState };
  [ModelPatterns.state]: { request: Record<string, never>; response: ModelState };
  [ReportPatterns.botMetrics]: {
    request: AccountScoped & { query: ReportWindowQuery };
    response: { metrics: BotMetrics } & ModelState;
  };
}
