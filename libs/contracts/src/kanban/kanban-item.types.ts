export const KANBAN_ITEM_STATUSES = ['open', 'won', 'lost'] as const;
export type KanbanItemStatus = (typeof KANBAN_ITEM_STATUSES)[number];

export const KANBAN_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type KanbanPriority = (typeof KANBAN_PRIORITIES)[number];

export interface KanbanCurrency {
  symbol?: string;
  code?: string;
  locale?: string;
}

export interface KanbanItemDetails {
  title: string;
  description: string | null;
  status: KanbanItemStatus;
  priority: KanbanPriority | null;
  value: number | null;
  currency: KanbanCurrency | null;
  /** The conversation's number (display id), as `conversation_display_id`. */
  conversation_id: number | null;
}

export interface KanbanItem {
  id: number;
  account_id: number;
  funnel_id: number;
  funnel_stage: string;
  position: number;
  conversation_display_id: number | null;
  assigned_agents: number[];
  item_details: KanbanItemDetails;
  custom_attributes: Record<string, unknown>;
  /** ISO 8601: when the card entered its current stage. */
  stage_entered_at: string;
  created_at: string;
  updated_at: string;
}

export interface KanbanItemInput {
  funnel_id?: number;
  funnel_stage?: string;
  position?: number;
  conversation_display_id?: number | null;
  assigned_agents?: number[];
  item_details?: Partial<Omit<KanbanItemDetails, 'conversation_id'>> & { conversation_id?: number | null };
  custom_attributes?: Record<string, unknown>;
}

export const KANBAN_PAGE_SIZE = 25;

export interface KanbanItemPage {
  meta: { count: number; current_page: number; total_pages: number };
  payload: KanbanItem[];
}

export interface KanbanItemQuery {
  funnel_id?: number;
  stage_id?: string;
  agent_id?: number;
  conversation_id?: number;
  page?: number;
}

export interface KanbanBatchQuery extends KanbanItemQuery {
  per_stage?: number;
  stage_page?: number;
}

export interface KanbanBatch {
  data: { payload: KanbanItem[] };
  stage_counts: Record<string, number>;
  total_items: number;
}

export interface KanbanSearchQuery {
  query: string;
  funnel_id?: number;
  agent_id?: number;
  page?: number;
}

export interface KanbanFilterQuery {
  funnel_id?: number;
  priorities?: string[];
  value_min?: number;
  value_max?: number;
  agent_id?: number;
  from?: string;
  to?: string;
  page?: number;
}

export interface KanbanReportQuery {
  funnel_id?: number;
  from?: string;
  to?: string;
  user_ids?: number[];
  inbox_id?: number;
}

export interface KanbanStageReport {
  stage_id: string;
  name: string;
  count: number;
  total_value: number;
  /** Seconds, over the completed and current visits of the stage. */
  average_time_in_stage: number;
  /** Of the cards that entered this stage, the share that later entered the next one (0..1). */
  conversion_rate: number;
}

export interface KanbanReport {
  stages: KanbanStageReport[];
  won_value: number;
  lost_value: number;
  won_count: number;
  lost_count: number;
}

export interface KanbanStageVisit {
  funnel_id: number;
  stage_id: string;
  entered_at: string;
  left_at: string | null;
  /** Seconds in the stage (until now for the current visit). */
  duration: number;
}

export interface KanbanTimeReport {
  item_id: number;
  current_stage: string;
  time_in_current_stage: number;
  total_time: number;
  history: KanbanStageVisit[];
}

export interface KanbanStageTime {
  stage_id: string;
  total_time: number;
  visits: number;
}

export interface KanbanCounts {
  total: number;
  by_status: Record<string, number>;
  by_stage: Record<string, number>;
  by_priority: Record<string, number>;
}

export interface KanbanDebug {
  counts: { funnels: number; items: number; stages: number };
  config: Record<string, unknown>;
  last_events: Array<{ id: string; type: string; created_at: string }>;
}

export interface KanbanPosition {
  id: number;
  position: number;
  funnel_stage: string;
}

export type BulkAssignMode = 'replace' | 'add';

export const KANBAN_BULK_LIMIT = 1000;
