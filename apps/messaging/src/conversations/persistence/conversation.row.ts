import { ConversationEntity } from './conversation.orm-entity';

/** The columns of `messaging.conversations` as raw SQL returns them. */
export interface ConversationRowColumns {
  id: number;
  account_id: number;
  display_id: number;
  inbox_id: number;
  contact_id: number;
  source_id: string;
  status: ConversationEntity['status'];
  assignee_id: number | null;
  team_id: number | null;
  priority: ConversationEntity['priority'];
  labels: string[];
  muted: boolean;
  snoozed_until: Date | null;
  custom_attributes: Record<string, unknown>;
  additional_attributes: Record<string, unknown>;
  campaign_id: number | null;
  messages_count: number;
  unread_count: number;
  last_message_id: number | null;
  last_non_activity_message_id: number | null;
  last_incoming_at: Date | null;
  agent_last_seen_at: Date | null;
  contact_last_seen_at: Date | null;
  last_activity_at: Date;
  waiting_since: Date | null;
  first_reply_created_at: Date | null;
  assigned_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** An entity from a raw row, for hot paths that read a conversation together with other things in one query. */
export function conversationFromRow(row: ConversationRowColumns): ConversationEntity {
  return Object.assign(new ConversationEntity(), {
    id: row.id,
    accountId: row.account_id,
    displayId: row.display_id,
    inboxId: row.inbox_id,
    contactId: row.contact_id,
    sourceId: row.source_id,
    status: row.status,
    assigneeId: row.assignee_id,
    teamId: row.team_id,
    priority: row.priority,
    labels: row.labels,
    muted: row.muted,
    snoozedUntil: row.snoozed_until,
    customAttributes: row.custom_attributes,
    additionalAttributes: row.additional_attributes,
    campaignId: row.campaign_id,
    messagesCount: row.messages_count,
    unreadCount: row.unread_count,
    lastMessageId: row.last_message_id,
    lastNonActivityMessageId: row.last_non_activity_message_id,
    lastIncomingAt: row.last_incoming_at,
    agentLastSeenAt: row.agent_last_seen_at,
    contactLastSeenAt: row.contact_last_seen_at,
    lastActivityAt: row.last_activity_at,
    waitingSince: row.waiting_since,
    firstReplyCreatedAt: row.first_reply_created_at,
    assignedAt: row.assigned_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}
