/** @owns messaging.conversations, messaging.conversation_counters, messaging.command_keys */
import {
  CONVERSATIONS_PAGE_SIZE,
  type AvailabilityStatus,
  type ChannelType,
  type ConversationStatus,
  type Priority,
  type Role,
} from '@parley/contracts';

/** The columns of `messaging.conversations` as raw SQL returns them. */
export interface ConversationRow {
  id: number;
  account_id: number;
  display_id: number;
  inbox_id: number;
  contact_id: number;
  source_id: string;
  status: ConversationStatus;
  assignee_id: number | null;
  team_id: number | null;
  priority: Priority | null;
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

/** What a new message changes on its conversation (see INSERT_MESSAGE in message.row.ts). */
export type ConversationCounters = Pick<
  ConversationRow,
  | 'messages_count'
  | 'unread_count'
  | 'last_message_id'
  | 'last_non_activity_message_id'
  | 'last_incoming_at'
  | 'last_activity_at'
  | 'waiting_since'
  | 'first_reply_created_at'
  | 'agent_last_seen_at'
  | 'updated_at'
>;

/** A conversation with what the API shows beside it: its channel, contact, assignee and team. */
export interface ConversationViewRow extends ConversationRow {
  channel_type: ChannelType;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  contact_identifier: string | null;
  contact_thumbnail: string | null;
  contact_blocked: boolean | null;
  contact_known: boolean;
  assignee_name: string | null;
  assignee_display_name: string | null;
  assignee_email: string | null;
  assignee_availability: AvailabilityStatus | null;
  assignee_role: Role | null;
  assignee_confirmed: boolean | null;
  assignee_auto_offline: boolean | null;
  team_name: string | null;
}

/** A conversation as ConversationViewRow over `c`; CONVERSATION_VIEW_JOINS follow, then the caller's WHERE. */
export const CONVERSATION_VIEW = `
  SELECT c.*, i.channel_type,
         cv.name AS contact_name, cv.email AS contact_email, cv.phone_number AS contact_phone, cv.identifier AS contact_identifier,
         cv.thumbnail AS contact_thumbnail, cv.blocked AS contact_blocked, (cv.id IS NOT NULL) AS contact_known,
         u.name AS assignee_name, u.display_name AS assignee_display_name, u.email AS assignee_email,
         au.availability_status AS assignee_availability, au.role AS assignee_role, u.confirmed AS assignee_confirmed,
         au.auto_offline AS assignee_auto_offline, t.name AS team_name`;
export const CONVERSATION_VIEW_JOINS = `
    FROM messaging.conversations c
    JOIN messaging.inboxes i ON i.id = c.inbox_id
    LEFT JOIN messaging.contacts_view cv ON cv.id = c.contact_id AND NOT cv.deleted
    LEFT JOIN messaging.users u ON u.id = c.assignee_id
    LEFT JOIN messaging.account_users au ON au.user_id = c.assignee_id AND au.account_id = c.account_id
    LEFT JOIN messaging.teams t ON t.id = c.team_id`;

/**
 * The conversations of `$1` (internal ids) as ConversationViewRow. One statement on the list's
 * hot path, so it joins the other features' tables it shows instead of asking their loaders.
 */
export const CONVERSATIONS_BY_IDS = `${CONVERSATION_VIEW} ${CONVERSATION_VIEW_JOINS}
   WHERE c.id = ANY($1::int[])`;

/** What a message write needs beside the conversation's view: its inbox's rules, the caller's name and access. */
export interface ConversationForMessageRow extends ConversationViewRow {
  allow_messages_after_resolved: boolean;
  message_deleted_placeholder: string | null;
  caller_name: string | null;
  allowed: boolean;
}

/**
 * The conversation `$2` (display id) of account `$1` as ConversationForMessageRow, for caller `$3`
 * (`$4`: an administrator, who reaches every inbox). The message create's one read: the view is
 * the event's "before" snapshot, so no second look-up follows.
 */
export const CONVERSATION_FOR_MESSAGE = `${CONVERSATION_VIEW}, i.allow_messages_after_resolved, i.message_deleted_placeholder,
         (SELECT coalesce(me.display_name, me.name) FROM messaging.users me WHERE me.id = $3) AS caller_name,
         ($4 OR EXISTS (SELECT 1 FROM messaging.inbox_members im WHERE im.inbox_id = c.inbox_id AND im.user_id = $3)) AS allowed
    ${CONVERSATION_VIEW_JOINS}
   WHERE c.account_id = $1 AND c.display_id = $2`;

/** The list's counts per assignee tab over `where` (conditions on `c`); `me` is the caller's placeholder. */
export function conversationCountsSql(where: string, me: string): string {
  return `SELECT count(*) FILTER (WHERE c.assignee_id = ${me})::int AS mine_count,
              count(*) FILTER (WHERE c.assignee_id IS NOT NULL)::int AS assigned_count,
              count(*) FILTER (WHERE c.assignee_id IS NULL)::int AS unassigned_count,
              count(*)::int AS all_count
         FROM messaging.conversations c WHERE ${where}`;
}

/**
 * One page of the list's ids, most recent activity first; `offset` is a placeholder, or null for
 * the first page. The page size is written into the statement: with a placeholder for it (or
 * for the first page's offset), PostgreSQL's generic plan of the prepared statement guesses that
 * a tenth of the conversations are read, finds that dearer than planning each call, and plans the
 * list anew every time (3.7 ms instead of 1.2 at 100,000 conversations).
 */
export function conversationPageSql(where: string, offset: string | null): string {
  return `SELECT c.id FROM messaging.conversations c WHERE ${where}
        ORDER BY c.last_activity_at DESC, c.id DESC LIMIT ${CONVERSATIONS_PAGE_SIZE}${offset ? ` OFFSET ${offset}` : ''}`;
}
