import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Conversation, ConversationSnapshot, Message } from '@parley/contracts';
import { asDate, preparedQuery, toUnixSeconds, type JsonRow } from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { gravatarUrl } from '../identity/identity.mapper';
import { MessageLoader } from './message.loader';
import { canReplyAt } from './messaging-window.rules';
import type { ListedConversationRow } from './persistence/conversation-list.row';
import { CONVERSATIONS_BY_IDS, type ConversationViewRow } from './persistence/conversation.row';

/** Reads conversations as the REST API shows them, in the order of the ids asked for. */
@Injectable()
export class ConversationLoader {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly messages: MessageLoader,
  ) {}

  async snapshots(ids: number[], tx?: EntityManager): Promise<ConversationSnapshot[]> {
    if (ids.length === 0) return [];
    const rows = await preparedQuery<ConversationViewRow>(
      tx ?? this.dataSource,
      'messaging_conversations_by_ids',
      CONVERSATIONS_BY_IDS,
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.filter((id) => byId.has(id)).map((id) => toSnapshot(byId.get(id)!));
  }

  /** Whether the inbox ever had a conversation with the contact it knows by `sourceId`. */
  async hasContactInbox(tx: EntityManager, inboxId: number, sourceId: string): Promise<boolean> {
    const rows: unknown[] = await tx.query(
      'SELECT 1 FROM messaging.conversations WHERE inbox_id = $1 AND source_id = $2 LIMIT 1',
      [inboxId, sourceId],
    );
    return rows.length > 0;
  }

  /** The inbox of the conversation with this uuid (named by a `reply+` address), or null. */
  async inboxOfUuid(tx: EntityManager, uuid: string): Promise<number | null> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid)) return null;
    const [row]: Array<{ inbox_id: number }> = await tx.query(
      'SELECT inbox_id FROM messaging.conversations WHERE uuid = $1::uuid',
      [uuid],
    );
    return row?.inbox_id ?? null;
  }

  async snapshot(id: number, tx?: EntityManager): Promise<ConversationSnapshot> {
    const [found] = await this.snapshots([id], tx);
    if (!found) throw new Error(`Conversation ${id} vanished`);
    return found;
  }

  /** Full conversations; `withLastMessage` puts the last message into `messages` (detail view). */
  async conversations(
    ids: number[],
    options: { withLastMessage: boolean; tx?: EntityManager },
  ): Promise<Conversation[]> {
    if (ids.length === 0) return [];
    const rows = await preparedQuery<ConversationViewRow>(
      options.tx ?? this.dataSource,
      'messaging_conversations_by_ids',
      CONVERSATIONS_BY_IDS,
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const messageIds = rows
      .flatMap((row) =>
        options.withLastMessage
          ? [row.last_message_id, row.last_non_activity_message_id]
          : [row.last_non_activity_message_id],
      )
      .filter((id): id is number => id !== null);
    const messages = await this.messages.byIds([...new Set(messageIds)], options.tx);
    return ids
      .filter((id) => byId.has(id))
      .map((id) => {
        const row = byId.get(id)!;
        const last = row.last_message_id !== null ? messages.get(row.last_message_id) : undefined;
        const lastNonActivity: Message | null =
          row.last_non_activity_message_id !== null ? (messages.get(row.last_non_activity_message_id) ?? null) : null;
        return withMessages(toSnapshot(row), options.withLastMessage && last ? [last] : [], lastNonActivity);
      });
  }

  /** The conversations of a list (conversationListSql), in their order, as `conversations` shows them without the last message. */
  listed(rows: ListedConversationRow[]): Conversation[] {
    return rows.map((row) => withMessages(toSnapshot(row), [], this.messages.lastMessage(row)));
  }

  async conversation(id: number, tx?: EntityManager): Promise<Conversation> {
    const [found] = await this.conversations([id], { withLastMessage: true, tx });
    if (!found) throw new Error(`Conversation ${id} vanished`);
    return found;
  }

  /** The conversations and messages a campaign's keys made already (the key is the message's echo id), by key. */
  async campaignSends(
    manager: EntityManager,
    accountId: number,
    campaignId: number,
    sends: Array<{ key: string; contact_id: number }>,
  ): Promise<Map<string, { id: number; display_id: number; message_id: number }>> {
    if (sends.length === 0) return new Map();
    const rows: Array<{ echo_id: string; id: number; display_id: number; message_id: string }> = await manager.query(
      `SELECT m.echo_id, c.id, c.display_id, m.id AS message_id FROM messaging.conversations c JOIN messaging.messages m ON m.conversation_id = c.id AND m.echo_id = ANY($3::text[])
        WHERE c.account_id = $1 AND c.contact_id = ANY($4::int[]) AND c.campaign_id = $2`,
      [accountId, campaignId, sends.map((send) => send.key), sends.map((send) => send.contact_id)],
    );
    return new Map(
      rows.map((row) => [row.echo_id, { id: row.id, display_id: row.display_id, message_id: Number(row.message_id) }]),
    );
  }
}

/** How many open conversations of an inbox a user holds (placeholders or column references), for the round-robin pick's limit. */
export function openConversationsHeld(inboxParam: string, userColumn: string): string {
  return `SELECT count(*) FROM messaging.conversations c WHERE c.inbox_id = ${inboxParam} AND c.assignee_id = ${userColumn} AND c.status = 'open'`;
}

/**
 * The conversation of a snapshot: its fields, then its messages. Added onto the snapshot rather
 * than spread into a copy, which costs ~10 µs a conversation (measured on its thirty fields):
 * more than the rest of a list page's mapping.
 */
function withMessages(snapshot: ConversationSnapshot, messages: Message[], last: Message | null): Conversation {
  return Object.assign(snapshot, { messages, last_non_activity_message: last });
}

/** The event and API snapshot of a conversation's view row (as pg parses it, or as JSON renders it). */
export function toSnapshot(row: ConversationViewRow | JsonRow<ConversationViewRow>): ConversationSnapshot {
  return {
    id: row.display_id,
    display_id: row.display_id,
    account_id: row.account_id,
    inbox_id: row.inbox_id,
    contact_id: row.contact_id,
    status: row.status,
    assignee_id: row.assignee_id,
    team_id: row.team_id,
    priority: row.priority,
    labels: row.labels,
    muted: row.muted,
    snoozed_until: toUnixSeconds(row.snoozed_until),
    can_reply: canReplyAt(row.channel_type, asDate(row.last_incoming_at), new Date()),
    unread_count: row.unread_count,
    messages_count: row.messages_count,
    agent_last_seen_at: toUnixSeconds(row.agent_last_seen_at),
    contact_last_seen_at: toUnixSeconds(row.contact_last_seen_at),
    timestamp: toUnixSeconds(row.last_activity_at),
    last_activity_at: toUnixSeconds(row.last_activity_at),
    waiting_since: toUnixSeconds(row.waiting_since),
    first_reply_created_at: toUnixSeconds(row.first_reply_created_at),
    created_at: toUnixSeconds(row.created_at),
    updated_at: toUnixSeconds(row.updated_at),
    custom_attributes: row.custom_attributes,
    additional_attributes: row.additional_attributes,
    campaign_id: row.campaign_id,
    contact_inbox: { contact_id: row.contact_id, inbox_id: row.inbox_id, source_id: row.source_id },
    meta: {
      sender: row.contact_known
        ? {
            id: row.contact_id,
            name: row.contact_name,
            email: row.contact_email,
            phone_number: row.contact_phone,
            identifier: row.contact_identifier,
            thumbnail: row.contact_thumbnail,
            blocked: row.contact_blocked ?? false,
          }
        : null,
      assignee:
        row.assignee_id !== null && row.assignee_name !== null
          ? {
              id: row.assignee_id,
              account_id: row.account_id,
              name: row.assignee_name,
              available_name: row.assignee_display_name || row.assignee_name,
              email: row.assignee_email ?? '',
              // An assignee who left the account keeps the defaults until the unassignment lands.
              role: row.assignee_role ?? 'agent',
              confirmed: row.assignee_confirmed ?? false,
              availability_status: row.assignee_availability ?? 'offline',
              auto_offline: row.assignee_auto_offline ?? true,
              thumbnail: gravatarUrl(row.assignee_email ?? ''),
            }
          : null,
      team: row.team_id !== null && row.team_name !== null ? { id: row.team_id, name: row.team_name } : null,
      channel: row.channel_type,
    },
  };
}
