import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ConversationSnapshot, HistoryMessage } from '@parley/contracts';
import type { DataSource } from 'typeorm';
import { toSnapshot } from './conversation.loader';
import { CONVERSATIONS_BY_IDS, type ConversationViewRow } from './persistence/conversation.row';
import type { StatusChangeRow } from './persistence/conversation-status-change.row';

type HistoryMessageRow = Omit<HistoryMessage, 'sender' | 'created_at'> & {
  conversation_id: number;
  created_at: string;
  sender_id: number | null;
  sender_type: 'contact' | 'user' | 'agent_bot' | null;
};

/** One page of the conversations' history as stored: what the history feature shapes for other contexts. */
interface ConversationHistoryRows {
  /** Internal ids of the page, ascending. */
  ids: number[];
  conversations: Array<{ id: number; snapshot: ConversationSnapshot }>;
  messages: HistoryMessageRow[];
  changes: StatusChangeRow[];
}

/** Reads of conversations, their messages and status changes for the history pages (keyset on the internal id). */
@Injectable()
export class ConversationHistoryLoader {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Conversations created before `before` (Unix seconds), after internal id `after`; activity messages left out. */
  async page(after: number, accountId: number | null, before: number, limit: number): Promise<ConversationHistoryRows> {
    const rows: Array<{ id: number }> = await this.db.query(
      `SELECT id FROM messaging.conversations
       WHERE id > $1 AND ($2::int IS NULL OR account_id = $2) AND created_at < to_timestamp($3)
       ORDER BY id LIMIT $4`,
      [after, accountId, before, limit],
    );
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return { ids, conversations: [], messages: [], changes: [] };
    const [views, messages, changes] = await Promise.all([
      this.db.query(CONVERSATIONS_BY_IDS, [ids]) as Promise<ConversationViewRow[]>,
      this.db.query(
        `SELECT id, conversation_id, floor(extract(epoch FROM created_at))::bigint AS created_at, message_type, private, content_type, sender_type, sender_id, origin
         FROM messaging.messages WHERE conversation_id = ANY($1::int[]) AND message_type <> 'activity' AND created_at < to_timestamp($2)
         ORDER BY conversation_id, id`,
        [ids, before],
      ) as Promise<HistoryMessageRow[]>,
      this.db.query(
        `SELECT conversation_id, from_status, to_status, floor(extract(epoch FROM at))::bigint AS at
         FROM messaging.conversation_status_changes WHERE conversation_id = ANY($1::int[]) ORDER BY conversation_id, id`,
        [ids],
      ) as Promise<StatusChangeRow[]>,
    ]);
    const conversations = views.sort((a, b) => a.id - b.id).map((row) => ({ id: row.id, snapshot: toSnapshot(row) }));
    return { ids, conversations, messages, changes };
  }
}
