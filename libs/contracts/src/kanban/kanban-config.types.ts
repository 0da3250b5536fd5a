/** The Kanban events a configuration (or an account webhook) may select. */
export const KANBAN_EVENT_NAMES = [
  'kanban.item.created',
  'kanban.item.updated',
  'kanban.item.stage_changed',
  'kanban.item.status_changed',
] as const;
export type KanbanEventName = (typeof KANBAN_EVENT_NAMES)[number];

export const KANBAN_VIEWS = ['kanban', 'list'] as const;
export type KanbanView = (typeof KANBAN_VIEWS)[number];

export interface KanbanConfigOptions {
  title: string;
  default_view: KanbanView;
  /** Assigns an agent on card creation: round-robin among online agents, least recently assigned first. */
  auto_assignment: boolean;
  notifications_enabled: boolean;
  dragbar_enabled: boolean;
  list_view_enabled: boolean;
  agenda_view_enabled: boolean;
}

export interface KanbanConfig {
  account_id: number;
  enabled: boolean;
  webhook_url: string | null;
  webhook_secret: string | null;
  webhook_events: KanbanEventName[];
  config: KanbanConfigOptions;
  /** ISO 8601; null while the defaults apply (nothing stored). */
  created_at: string | null;
  updated_at: string | null;
}

export interface KanbanConfigInput {
  enabled?: boolean;
  webhook_url?: string | null;
  webhook_secret?: string | null;
  webhook_events?: string[];
  config?: Partial<KanbanConfigOptions>;
}

/** What `test_webhook` did: the first attempt's outcome. */
export interface KanbanWebhookTest {
  delivery_id: string;
  /** `delivered`, `retrying` (first attempt failed, retries follow) or `pending` (no answer yet). */
  state: string;
  status_code: number | null;
  error: string | null;
}
