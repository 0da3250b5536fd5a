import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ConversationStatus, HistoryMessage, HistoryPage, HistoryQuery } from '@parley/contracts';
import type { DataSource } from 'typeorm';
import { toSnapshot } from '../conversations/conversation.loader';
import { CONVERSATIONS_BY_IDS, type ConversationViewRow } from '../conversations/persistence/conversation.row';
import type { StatusChangeRow } from '../conversations/persistence/conversation-status-change.row';
import { pageSize, statusChanges } from './history.rules';

type MessageRow = Omit<HistoryMessage, 'sender' | 'created_at'> & { conversation_id: number; created_at: string; sender_id: number | null; sender_type: 'contact' | 'user' | 'agent_bot' | null };

/**
 * Messaging's history in pages (keyset on the conversation's internal id): conversations created
 * before the boundary as their snapshot now, their messages before it, their status changes
 * before it. Activity messages are left out (they count nowhere).
 */
@Injectable()
export class HistoryQueries {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async page(query: HistoryQuery): Promise<HistoryPage> {
    const limit = pageSize(query.limit);
    const before = Number(query.before);
    const account = query.account_id === undefined || query.account_id === null ? null : Number(query.account_id);
    const ids: Array<{ id: number }> = await this.db.query(
      `SELECT id FROM messaging.conversations
       WHERE id > $1 AND ($2::int IS NULL OR account_id = $2) AND created_at < to_timestamp($3)
       ORDER BY id LIMIT $4`,
      [Number(query.after ?? 0), account, before, limit],
    );
    const internal = ids.map((row) => row.id);
    if (internal.length === 0) return { conversations: [], next_after: null };
    const [rows, messages, changes] = await Promise.all([
      this.db.query(CONVERSATIONS_BY_IDS, [internal]) as Promise<ConversationViewRow[]>,
      this.db.query(
        `SELECT id, conversation_id, floor(extract(epoch FROM created_at))::bigint AS created_at, message_type, private, content_type, sender_type, sender_id, origin
         FROM messaging.messages WHERE conversation_id = ANY($1::int[]) AND message_type <> 'activity' AND created_at < to_timestamp($2)
         ORDER BY conversation_id, id`,
        [internal, before],
      ) as Promise<MessageRow[]>,
      this.db.query(
        `SELECT conversation_id, from_status, to_status, floor(extract(epoch FROM at))::bigint AS at
         FROM messaging.conversation_status_changes WHERE conversation_id = ANY($1::int[]) ORDER BY conversation_id, id`,
        [internal],
      ) as Promise<StatusChangeRow[]>,
    ]);
    const messagesOf = group(messages, (row) => row.conversation_id);
    const changesOf = group(changes, (row) => row.conversation_id);
    return {
      conversations: rows.sort((a, b) => a.id - b.id).map((row) => {
        const id = row.id;
        const conversation = toSnapshot(row);
        const recorded = (changesOf.get(id) ?? []).map((change) => ({ from: change.from_status as ConversationStatus, to: change.to_status as ConversationStatus, at: Number(change.at) }));
        return {
          conversation,
          messages: (messagesOf.get(id) ?? []).map((message) => ({
            id: message.id,
            created_at: Number(message.created_at),
            message_type: message.message_type,
            private: message.private,
            content_type: message.content_type,
            sender: message.sender_type && message.sender_id !== null ? { id: message.sender_id, type: message.sender_type } : null,
            origin: message.origin,
          })),
          status_changes: statusChanges(recorded, conversation, recorded.length > 0, before),
        };
      }),
      next_after: internal.length < limit ? null : internal[internal.length - 1],
    };
  }
}

function group<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}
