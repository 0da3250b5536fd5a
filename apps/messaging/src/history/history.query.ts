import { Injectable } from '@nestjs/common';
import type { ConversationStatus, HistoryPage, HistoryQuery } from '@parley/contracts';
import { ConversationHistoryLoader } from '../conversations/conversation-history.loader';
import { pageSize, statusChanges } from './history.rules';

/**
 * Messaging's history in pages (keyset on the conversation's internal id): conversations created
 * before the boundary as their snapshot now, their messages before it, their status changes
 * before it. Activity messages are left out (they count nowhere).
 */
@Injectable()
export class HistoryPagesQuery {
  constructor(private readonly conversations: ConversationHistoryLoader) {}

  async page(query: HistoryQuery): Promise<HistoryPage> {
    const limit = pageSize(query.limit);
    const before = Number(query.before);
    const account = query.account_id === undefined || query.account_id === null ? null : Number(query.account_id);
    const {
      ids: internal,
      conversations,
      messages,
      changes,
    } = await this.conversations.page(Number(query.after ?? 0), account, before, limit);
    if (internal.length === 0) return { conversations: [], next_after: null };
    const messagesOf = group(messages, (row) => row.conversation_id);
    const changesOf = group(changes, (row) => row.conversation_id);
    return {
      conversations: conversations.map(({ id, snapshot: conversation }) => {
        const recorded = (changesOf.get(id) ?? []).map((change) => ({
          from: change.from_status as ConversationStatus,
          to: change.to_status as ConversationStatus,
          at: Number(change.at),
        }));
        return {
          conversation,
          messages: (messagesOf.get(id) ?? []).map((message) => ({
            id: message.id,
            created_at: Number(message.created_at),
            message_type: message.message_type,
            private: message.private,
            content_type: message.content_type,
            sender:
              message.sender_type && message.sender_id !== null
                ? { id: message.sender_id, type: message.sender_type }
                : null,
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
