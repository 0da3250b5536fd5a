/** What a report is about: the whole account, or one agent, inbox, team or label (`id`). */
export const REPORT_SCOPES = ['account', 'agent', 'inbox', 'team', 'label'] as const;
export type ReportScope = (typeof REPORT_SCOPES)[number];

export const REPORT_METRICS = [
  'conversations_count',
  'incoming_messages_count',
  'outgoing_messages_count',
  'avg_first_response_time',
  'avg_resolution_time',
  'resolutions_count',
  'bot_resolutions_count',
  'bot_handoffs_count',
] as const;
export type ReportMetric = (typeof REPORT_METRICS)[number];

export const REPORT_GROUPINGS = ['day', 'week', 'month', 'year'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** The query of every windowed report, as the gateway forwards it (Unix seconds, validated shapes). */
export interface ReportWindowQuery {
  since?: number;
  until?: number;
}

export interface SummaryQuery extends ReportWindowQuery {
  type?: ReportScope;
  id?: number;
}

export interface SeriesQuery extends SummaryQuery {
  /** One of REPORT_METRICS; anything else is a 400 naming it (checked by the service). */
  metric?: string;
  group_by?: ReportGrouping;
  business_hours?: boolean;
  /** Hours east of UTC (e.g. -3, 5.5); ignored when `timezone` names a zone. */
  timezone_offset?: number;
  /** An IANA zone name; buckets follow its daylight-saving changes. */
  timezone?: string;
}

/** Every figure of one scope over a window; times in seconds. */
export interface ReportSummary {
  open_conversations_count: number;
  agents_online_count: number;
  average_first_response_time: number;
  average_resolution_time: number;
  average_response_time: number;
  conversations_count: number;
  incoming_messages_count: number;
  outgoing_messages_count: number;
  resolutions_count: number;
}

/** `reports/summary`: the figures, and `previous` (the same figures over the window of the same length that ends where this one starts). */
export interface ReportSummaryWithPrevious extends ReportSummary {
  previous: ReportSummary;
}

/** `reports/conversations` without `metric`: the scope's conversations now (the reference's shape). */
export interface ConversationMetrics {
  open: number;
  unattended: number;
  unassigned: number;
}

export interface SeriesPoint {
  value: number;
  /** Start of the bucket, Unix seconds. */
  timestamp: number;
}

export const ENTITY_SUMMARY_KINDS = ['agent', 'inbox', 'team', 'label'] as const;
export type EntitySummaryKind = (typeof ENTITY_SUMMARY_KINDS)[number];

/** One row of agents_summary / inboxes_summary / teams_summary / labels_summary. */
export interface EntitySummaryRow {
  id: number;
  name: string | null;
  conversations_count: number;
  resolved_conversations_count: number;
  avg_first_response_time: number;
  avg_resolution_time: number;
  avg_reply_time: number;
}

export interface LiveConversationCounts {
  open: number;
  unattended: number;
  unassigned: number;
  pending: number;
}

export interface LiveConversations extends LiveConversationCounts {
  /** Only with `group_by=team`: the same counts per team (conversations without a team under id null). */
  teams?: Array<LiveConversationCounts & { team_id: number | null; name: string | null }>;
}

export interface LiveAgents {
  online: number;
  busy: number;
  offline: number;
  agents: Array<{ id: number; name: string | null; availability_status: string; open_conversations_count: number }>;
}

/** Conversations created per weekday (0 = Sunday) × hour of day in the requested zone. */
export interface TrafficCell {
  day_of_week: number;
  hour: number;
  conversations_count: number;
}

/** Whether the numbers are complete: false while a rebuild replays history into a fresh model. */
export interface ModelState {
  rebuilding: boolean;
}

/** How agent bots did over a window (rates in percent of bot sessions; satisfaction as CSAT's score). */
export interface BotMetrics {
  bot_sessions_count: number;
  bot_resolutions_count: number;
  auto_resolve_rate: number;
  bot_handoffs_count: number;
  handoff_rate: number;
  /** Satisfaction score of CSAT responses to surveys of conversations the bot handled alone. */
  post_bot_satisfaction: number;
}
