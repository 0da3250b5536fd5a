import type { AccountScoped, ById } from '../rpc/caller';
import type { KanbanConfig, KanbanConfigInput, KanbanWebhookTest } from './kanban-config.types';
import type { Funnel, FunnelInput, FunnelStage, StageInput, StageStats } from './funnel.types';
import type {
  BulkAssignMode,
  KanbanBatch,
  KanbanBatchQuery,
  KanbanCounts,
  KanbanDebug,
  KanbanFilterQuery,
  KanbanItem,
  KanbanItemInput,
  KanbanItemPage,
  KanbanItemQuery,
  KanbanItemStatus,
  KanbanPosition,
  KanbanPriority,
  KanbanReport,
  KanbanReportQuery,
  KanbanSearchQuery,
  KanbanStageTime,
  KanbanTimeReport,
} from './kanban-item.types';

export const KanbanConfigPatterns = {
  show: 'kanban.config.show',
  save: 'kanban.config.save',
  delete: 'kanban.config.delete',
  testWebhook: 'kanban.config.test_webhook',
} as const;

export const FunnelPatterns = {
  list: 'kanban.funnels.list',
  show: 'kanban.funnels.show',
  create: 'kanban.funnels.create',
  update: 'kanban.funnels.update',
  delete: 'kanban.funnels.delete',
  stageStats: 'kanban.funnels.stage_stats',
  reorder: 'kanban.funnels.reorder',
  listStages: 'kanban.stages.list',
  showStage: 'kanban.stages.show',
  createStage: 'kanban.stages.create',
  updateStage: 'kanban.stages.update',
  deleteStage: 'kanban.stages.delete',
} as const;

export const KanbanItemPatterns = {
  list: 'kanban.items.list',
  batch: 'kanban.items.batch',
  show: 'kanban.items.show',
  create: 'kanban.items.create',
  update: 'kanban.items.update',
  delete: 'kanban.items.delete',
  moveToStage: 'kanban.items.move_to_stage',
  move: 'kanban.items.move',
  reorder: 'kanban.items.reorder',
  bulkMove: 'kanban.items.bulk_move',
  bulkAssignAgent: 'kanban.items.bulk_assign_agent',
  bulkSetPriority: 'kanban.items.bulk_set_priority',
  search: 'kanban.items.search',
  filter: 'kanban.items.filter',
  reports: 'kanban.items.reports',
  debug: 'kanban.items.debug',
  assignAgent: 'kanban.items.assign_agent',
  removeAgent: 'kanban.items.remove_agent',
  assignedAgents: 'kanban.items.assigned_agents',
  changeStatus: 'kanban.items.change_status',
  timeReport: 'kanban.items.time_report',
  stageTimeBreakdown: 'kanban.items.stage_time_breakdown',
  counts: 'kanban.items.counts',
} as const;

type StageScoped = AccountScoped & { funnel_id: number; stage_id: string };
/** A stage named by a path: `funnel_id` may be left out when one funnel of the account has that stage id. */
type StagePath = AccountScoped & { funnel_id?: number; stage_id: string };

export interface KanbanRpc {
  [KanbanConfigPatterns.show]: { request: AccountScoped; response: KanbanConfig };
  /** `replace` (POST, PUT) starts from the defaults; otherwise the stored configuration is patched. */
  [KanbanConfigPatterns.save]: {
    request: AccountScoped & { data: KanbanConfigInput; replace: boolean };
    response: KanbanConfig;
  };
  [KanbanConfigPatterns.delete]: { request: AccountScoped; response: null };
  [KanbanConfigPatterns.testWebhook]: { request: AccountScoped; response: KanbanWebhookTest };

  [FunnelPatterns.list]: { request: AccountScoped & { include_archived?: boolean }; response: Funnel[] };
  [FunnelPatterns.show]: { request: ById; response: Funnel };
  [FunnelPatterns.create]: { request: AccountScoped & { data: FunnelInput }; response: Funnel };
  [FunnelPatterns.update]: { request: ById & { data: FunnelInput }; response: Funnel };
  [FunnelPatterns.delete]: { request: ById; response: null };
  [FunnelPatterns.stageStats]: { request: ById; response: StageStats };
  [FunnelPatterns.reorder]: { request: ById & { stages: string[] }; response: Funnel };
  [FunnelPatterns.listStages]: { request: AccountScoped & { funnel_id: number }; response: FunnelStage[] };
  [FunnelPatterns.showStage]: { request: StagePath; response: FunnelStage };
  [FunnelPatterns.createStage]: {
    request: AccountScoped & { funnel_id: number; stage: StageInput };
    response: FunnelStage;
  };
  [FunnelPatterns.updateStage]: { request: StageScoped & { stage: StageInput }; response: FunnelStage };
  /** The stage's cards move to `fallback_stage_id` (required while it has cards). */
  [FunnelPatterns.deleteStage]: { request: StagePath & { fallback_stage_id?: string }; response: null };

  /** `funnel_in_path`: the funnel comes from the path (an unknown one is a 404, not a 422). */
  [KanbanItemPatterns.list]: {
    request: AccountScoped & { query: KanbanItemQuery; funnel_in_path?: boolean };
    response: KanbanItemPage;
  };
  [KanbanItemPatterns.batch]: { request: AccountScoped & { query: KanbanBatchQuery }; response: KanbanBatch };
  [KanbanItemPatterns.show]: { request: ById; response: KanbanItem };
  [KanbanItemPatterns.create]: { request: AccountScoped & { data: KanbanItemInput }; response: KanbanItem };
  [KanbanItemPatterns.update]: {
    request: ById & { data: KanbanItemInput & Record<string, unknown> };
    response: KanbanItem;
  };
  [KanbanItemPatterns.delete]: { request: ById; response: null };
  [KanbanItemPatterns.moveToStage]: {
    request: ById & { funnel_stage: string; funnel_id?: number; position?: number };
    response: KanbanItem;
  };
  [KanbanItemPatterns.move]: {
    request: ById & { funnel_id: number; funnel_stage: string; position?: number };
    response: KanbanItem;
  };
  [KanbanItemPatterns.reorder]: { request: AccountScoped & { positions: KanbanPosition[] }; response: KanbanItem[] };
  [KanbanItemPatterns.bulkMove]: {
    request: AccountScoped & { item_ids: number[]; new_stage: string; funnel_id: number };
    response: KanbanItem[];
  };
  [KanbanItemPatterns.bulkAssignAgent]: {
    request: AccountScoped & { item_ids: number[]; agent_id: number; mode: BulkAssignMode };
    response: KanbanItem[];
  };
  [KanbanItemPatterns.bulkSetPriority]: {
    request: AccountScoped & { item_ids: number[]; priority: KanbanPriority };
    response: KanbanItem[];
  };
  [KanbanItemPatterns.search]: { request: AccountScoped & { query: KanbanSearchQuery }; response: KanbanItemPage };
  [KanbanItemPatterns.filter]: { request: AccountScoped & { query: KanbanFilterQuery }; response: KanbanItemPage };
  [KanbanItemPatterns.reports]: { request: AccountScoped & { query: KanbanReportQuery }; response: KanbanReport };
  [KanbanItemPatterns.debug]: { request: AccountScoped & { funnel_id?: number }; response: KanbanDebug };
  [KanbanItemPatterns.assignAgent]: { request: ById & { agent_id: number }; response: KanbanItem };
  [KanbanItemPatterns.removeAgent]: { request: ById & { agent_id: number }; response: KanbanItem };
  [KanbanItemPatterns.assignedAgents]: { request: ById; response: number[] };
  [KanbanItemPatterns.changeStatus]: { request: ById & { status: KanbanItemStatus }; response: KanbanItem };
  [KanbanItemPatterns.timeReport]: { request: ById; response: KanbanTimeReport };
  [KanbanItemPatterns.stageTimeBreakdown]: { request: ById; response: KanbanStageTime[] };
  [KanbanItemPatterns.counts]: { request: AccountScoped & { funnel_id?: number }; response: KanbanCounts };
}
