import { ApiProperty } from '@nestjs/swagger';
import {
  KANBAN_ITEM_STATUSES,
  KANBAN_PRIORITIES,
  type KanbanBatch,
  type KanbanCounts,
  type KanbanDebug,
  type KanbanItem,
  type KanbanItemDetails,
  type KanbanItemPage,
  type KanbanItemStatus,
  type KanbanPriority,
  type KanbanReport,
  type KanbanStageReport,
  type KanbanStageTime,
  type KanbanStageVisit,
  type KanbanTimeReport,
} from '@parley/contracts';

class CurrencyView {
  @ApiProperty({ required: false }) symbol?: string;
  @ApiProperty({ required: false }) code?: string;
  @ApiProperty({ required: false }) locale?: string;
}

class ItemDetailsView implements KanbanItemDetails {
  @ApiProperty() title: string;
  @ApiProperty({ nullable: true, type: String }) description: string | null;
  @ApiProperty({ enum: KANBAN_ITEM_STATUSES }) status: KanbanItemStatus;
  @ApiProperty({ enum: KANBAN_PRIORITIES, nullable: true }) priority: KanbanPriority | null;
  @ApiProperty({ nullable: true, type: Number }) value: number | null;
  @ApiProperty({ type: CurrencyView, nullable: true }) currency: CurrencyView | null;
  @ApiProperty({ nullable: true, type: Number, description: 'The conversation number' }) conversation_id: number | null;
}

export class KanbanItemView implements KanbanItem {
  @ApiProperty() id: number;
  @ApiProperty() account_id: number;
  @ApiProperty() funnel_id: number;
  @ApiProperty({ description: 'Stage id' }) funnel_stage: string;
  @ApiProperty() position: number;
  @ApiProperty({ nullable: true, type: Number }) conversation_display_id: number | null;
  @ApiProperty({ type: [Number] }) assigned_agents: number[];
  @ApiProperty({ type: ItemDetailsView }) item_details: ItemDetailsView;
  @ApiProperty({ type: 'object', additionalProperties: true }) custom_attributes: Record<string, unknown>;
  @ApiProperty({ format: 'date-time' }) stage_entered_at: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

class KanbanItemPageMetaView {
  @ApiProperty() count: number;
  @ApiProperty() current_page: number;
  @ApiProperty() total_pages: number;
}

export class KanbanItemPageView implements KanbanItemPage {
  @ApiProperty({ type: KanbanItemPageMetaView }) meta: KanbanItemPageMetaView;
  @ApiProperty({ type: [KanbanItemView] }) payload: KanbanItemView[];
}

class BatchDataView {
  @ApiProperty({ type: [KanbanItemView] }) payload: KanbanItemView[];
}

export class KanbanBatchView implements KanbanBatch {
  @ApiProperty({ type: BatchDataView }) data: BatchDataView;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'integer' }, description: 'Stage id → cards in it' })
  stage_counts: Record<string, number>;
  @ApiProperty() total_items: number;
}

export class KanbanItemListView {
  @ApiProperty({ type: [KanbanItemView] }) payload: KanbanItemView[];
}

class StageReportView implements KanbanStageReport {
  @ApiProperty() stage_id: string;
  @ApiProperty() name: string;
  @ApiProperty() count: number;
  @ApiProperty() total_value: number;
  @ApiProperty({ description: 'Seconds' }) average_time_in_stage: number;
  @ApiProperty({ description: 'To the next stage, 0..1' }) conversion_rate: number;
}

export class KanbanReportView implements KanbanReport {
  @ApiProperty({ type: [StageReportView] }) stages: StageReportView[];
  @ApiProperty() won_value: number;
  @ApiProperty() lost_value: number;
  @ApiProperty() won_count: number;
  @ApiProperty() lost_count: number;
}

class StageVisitView implements KanbanStageVisit {
  @ApiProperty() funnel_id: number;
  @ApiProperty() stage_id: string;
  @ApiProperty({ format: 'date-time' }) entered_at: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) left_at: string | null;
  @ApiProperty({ description: 'Seconds' }) duration: number;
}

export class KanbanTimeReportView implements KanbanTimeReport {
  @ApiProperty() item_id: number;
  @ApiProperty() current_stage: string;
  @ApiProperty({ description: 'Seconds' }) time_in_current_stage: number;
  @ApiProperty({ description: 'Seconds since creation' }) total_time: number;
  @ApiProperty({ type: [StageVisitView] }) history: StageVisitView[];
}

export class KanbanStageTimeView implements KanbanStageTime {
  @ApiProperty() stage_id: string;
  @ApiProperty({ description: 'Seconds' }) total_time: number;
  @ApiProperty() visits: number;
}

const COUNT_MAP = { type: 'object', additionalProperties: { type: 'integer' } } as const;

export class KanbanCountsView implements KanbanCounts {
  @ApiProperty() total: number;
  @ApiProperty(COUNT_MAP) by_status: Record<string, number>;
  @ApiProperty(COUNT_MAP) by_stage: Record<string, number>;
  @ApiProperty({ ...COUNT_MAP, description: '`none` for cards without one' }) by_priority: Record<string, number>;
}

class DebugCountsView {
  @ApiProperty() funnels: number;
  @ApiProperty() items: number;
  @ApiProperty() stages: number;
}

class DebugEventView {
  @ApiProperty() id: string;
  @ApiProperty() type: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class KanbanDebugView implements KanbanDebug {
  @ApiProperty({ type: DebugCountsView }) counts: DebugCountsView;
  @ApiProperty({ type: 'object', additionalProperties: true }) config: Record<string, unknown>;
  @ApiProperty({ type: [DebugEventView] }) last_events: DebugEventView[];
}

export class AssignedAgentsView {
  @ApiProperty({ type: [Number] }) assigned_agents: number[];
}

export class ImportPreviewView {
  @ApiProperty({ type: [String] }) columns: string[];
  @ApiProperty({
    type: 'array',
    items: { type: 'array', items: { type: 'string' } },
    description: 'Up to 10 data rows (header excluded)',
  })
  rows: string[][];
  @ApiProperty({ enum: [';', ','] }) separator: string;
}

class RejectedRowView {
  @ApiProperty({ description: 'Line in the file (1 is the header)' }) line: number;
  @ApiProperty() reason: string;
}

export class ImportReportView {
  @ApiProperty() imported: number;
  @ApiProperty({ type: [RejectedRowView] }) rejected: RejectedRowView[];
}
