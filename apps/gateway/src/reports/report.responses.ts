import { ApiProperty } from '@nestjs/swagger';
import type {
  BotMetrics,
  ConversationMetrics,
  ReportSummaryWithPrevious,
  ModelState,
  EntitySummaryRow,
  LiveAgents,
  LiveConversationCounts,
  ReportSummary,
  SeriesPoint,
  TrafficCell,
} from '@parley/contracts';

/** The nine figures of the contract. */
export class ReportFiguresView implements ReportSummary {
  @ApiProperty() open_conversations_count: number;
  @ApiProperty() agents_online_count: number;
  @ApiProperty({ description: 'seconds' }) average_first_response_time: number;
  @ApiProperty({ description: 'seconds' }) average_resolution_time: number;
  @ApiProperty({ description: 'seconds' }) average_response_time: number;
  @ApiProperty() conversations_count: number;
  @ApiProperty() incoming_messages_count: number;
  @ApiProperty() outgoing_messages_count: number;
  @ApiProperty() resolutions_count: number;
}

export class ReportSummaryView extends ReportFiguresView implements ReportSummaryWithPrevious {
  @ApiProperty({
    type: ReportFiguresView,
    description: 'The same figures over the window of the same length that ends where this one starts',
  })
  previous: ReportFiguresView;
}

/** `reports/conversations` without `metric`. */
export class ConversationMetricsView implements ConversationMetrics {
  @ApiProperty() open: number;
  @ApiProperty({ description: 'open and waiting for a reply' }) unattended: number;
  @ApiProperty({ description: 'open, nobody assigned' }) unassigned: number;
}

export class SeriesPointView implements SeriesPoint {
  @ApiProperty() value: number;
  @ApiProperty({ description: 'Start of the bucket, Unix seconds' }) timestamp: number;
}

export class EntitySummaryRowView implements EntitySummaryRow {
  @ApiProperty() id: number;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty() conversations_count: number;
  @ApiProperty() resolved_conversations_count: number;
  @ApiProperty({ description: 'seconds' }) avg_first_response_time: number;
  @ApiProperty({ description: 'seconds' }) avg_resolution_time: number;
  @ApiProperty({ description: 'seconds' }) avg_reply_time: number;
}

class LiveCountsView implements LiveConversationCounts {
  @ApiProperty() open: number;
  @ApiProperty() unattended: number;
  @ApiProperty() unassigned: number;
  @ApiProperty() pending: number;
}

class LiveTeamView extends LiveCountsView {
  @ApiProperty({ type: Number, nullable: true }) team_id: number | null;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
}

export class LiveConversationsView extends LiveCountsView {
  @ApiProperty({ type: [LiveTeamView], required: false }) teams?: LiveTeamView[];
}

class LiveAgentView {
  @ApiProperty() id: number;
  @ApiProperty({ type: String, nullable: true }) name: string | null;
  @ApiProperty() availability_status: string;
  @ApiProperty() open_conversations_count: number;
}

export class LiveAgentsView implements LiveAgents {
  @ApiProperty() online: number;
  @ApiProperty() busy: number;
  @ApiProperty() offline: number;
  @ApiProperty({ type: [LiveAgentView] }) agents: LiveAgentView[];
}

export class TrafficCellView implements TrafficCell {
  @ApiProperty({ description: '0 = Sunday' }) day_of_week: number;
  @ApiProperty() hour: number;
  @ApiProperty() conversations_count: number;
}

export class BotMetricsView implements BotMetrics {
  @ApiProperty() bot_sessions_count: number;
  @ApiProperty() bot_resolutions_count: number;
  @ApiProperty({ description: 'percent of bot sessions' }) auto_resolve_rate: number;
  @ApiProperty() bot_handoffs_count: number;
  @ApiProperty({ description: 'percent of bot sessions' }) handoff_rate: number;
  @ApiProperty({ description: 'percent of post-bot CSAT responses rated 4 or 5' }) post_bot_satisfaction: number;
}

export class ModelStateView implements ModelState {
  @ApiProperty({ description: 'true while a rebuild replays history: numbers are incomplete' }) rebuilding: boolean;
}
