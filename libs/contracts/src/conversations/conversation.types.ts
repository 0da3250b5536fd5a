import type { AvailabilityStatus } from '../identity/identity.types';
import type { ChannelType } from '../inboxes/inbox.types';
import type { CreateMessageInput, Message } from '../messages/message.types';
import type { Role } from '../rpc/caller';

export const CONVERSATION_STATUSES = ['open', 'resolved', 'pending', 'snoozed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const ASSIGNEE_TYPES = ['me', 'unassigned', 'assigned', 'unassigned_or_me'] as const;
export type AssigneeType = (typeof ASSIGNEE_TYPES)[number];

export const CONVERSATIONS_PAGE_SIZE = 25;

export interface ConversationSender {
  id: number;
  name: string | null;
  email: string | null;
  phone_number: string | null;
  identifier: string | null;
  thumbnail: string | null;
  blocked: boolean;
}

export interface ConversationAssignee {
  id: number;
  account_id: number;
  name: string;
  available_name: string;
  email: string;
  role: Role;
  confirmed: boolean;
  availability_status: AvailabilityStatus;
  auto_offline: boolean;
  thumbnail: string;
}

export interface Conversation {
  /** The per-account number; `id` and `display_id` are the same value. */
  id: number;
  display_id: number;
  account_id: number;
  inbox_id: number;
  contact_id: number;
  status: ConversationStatus;
  assignee_id: number | null;
  team_id: number | null;
  priority: Priority | null;
  labels: string[];
  muted: boolean;
  snoozed_until: number | null;
  /** False where the channel cannot take an outgoing message now (the 24-hour window). */
  can_reply: boolean;
  unread_count: number;
  messages_count: number;
  agent_last_seen_at: number | null;
  contact_last_seen_at: number | null;
  /** Last activity, as clients of this API call it. */
  timestamp: number;
  last_activity_at: number;
  waiting_since: number | null;
  first_reply_created_at: number | null;
  created_at: number;
  updated_at: number;
  custom_attributes: Record<string, unknown>;
  additional_attributes: Record<string, unknown>;
  campaign_id: number | null;
  /** The contact's link to the inbox the conversation runs on; `source_id` is the contact's id in that channel. */
  contact_inbox: { contact_id: number; inbox_id: number; source_id: string };
  meta: {
    sender: ConversationSender | null;
    assignee: ConversationAssignee | null;
    team: { id: number; name: string } | null;
    channel: ChannelType;
  };
  /** Empty in lists; the last message in a detail. */
  messages: Message[];
  last_non_activity_message: Message | null;
}

export interface ConversationCounts {
  mine_count: number;
  assigned_count: number;
  unassigned_count: number;
  all_count: number;
}

export interface ConversationPage {
  meta: ConversationCounts & { current_page: number; total_pages: number };
  payload: Conversation[];
}

export interface ConversationListQuery {
  status?: ConversationStatus | 'all';
  assignee_type?: AssigneeType;
  inbox_id?: number;
  team_id?: number;
  labels?: string[];
  q?: string;
  page?: number;
}

export interface CreateConversationInput {
  /** The contact's id at the channel; blank or absent: its link to the inbox (made when it has none). */
  source_id?: string | null;
  inbox_id: number;
  contact_id: number;
  status?: 'open' | 'pending';
  assignee_id?: number;
  team_id?: number;
  additional_attributes?: Record<string, unknown>;
  custom_attributes?: Record<string, unknown>;
  /** The opening message: text, or an approved template (then `content` may be left out); checked as a message create. */
  message?: Pick<CreateMessageInput, 'content' | 'template_params'> & { message_type?: 'incoming' | 'outgoing' };
}

export const FILTER_OPERATORS = [
  'equal_to',
  'not_equal_to',
  'contains',
  'does_not_contain',
  'greater_than',
  'less_than',
  'is_present',
  'is_not_present',
  'is_greater_than',
  'is_less_than',
  'starts_with',
  'ends_with',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** One condition of a filter; `query_operator` joins it to the next (AND binds tighter than OR). */
export interface FilterCondition {
  attribute_key: string;
  filter_operator: FilterOperator;
  values: unknown[];
  query_operator?: 'and' | 'or' | null;
}

export interface ToggleStatusInput {
  status?: ConversationStatus;
  /** ISO 8601 or Unix seconds; for `snoozed` only. */
  snoozed_until?: string | number | null;
}

export interface ToggleStatusResult {
  meta: Record<string, never>;
  payload: { success: true; conversation_id: number; current_status: ConversationStatus; snoozed_until: number | null };
}

export interface AssignmentInput {
  /** `null` removes the assignee; absent leaves it. */
  assignee_id?: number | null;
  team_id?: number | null;
}
