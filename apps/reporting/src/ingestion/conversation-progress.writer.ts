import { Injectable } from '@nestjs/common';
import { preparedQuery } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { NEW_PROGRESS, type Progress } from './fact.rules';
import {
  ENSURE_PROGRESS,
  LOCK_PROGRESS,
  SAVE_PROGRESS,
  type ConversationProgressRow,
} from './persistence/conversation-progress.row';

const toNumber = (value: string | null): number | null => (value === null ? null : Number(value));

/** What the definitions remember per conversation, locked for the batch that changes it. */
@Injectable()
export class ConversationProgressWriter {
  async lock(tx: EntityManager, accountId: number, conversationIds: number[]): Promise<Map<number, Progress>> {
    const ids = [...new Set(conversationIds)].sort((a, b) => a - b);
    await preparedQuery(tx, 'reporting_ensure_progress', ENSURE_PROGRESS, [accountId, ids]);
    const rows = await preparedQuery<ConversationProgressRow>(tx, 'reporting_lock_progress', LOCK_PROGRESS, [
      accountId,
      ids,
    ]);
    const progress = new Map<number, Progress>(ids.map((id) => [id, NEW_PROGRESS]));
    for (const row of rows) {
      progress.set(row.conversation_id, {
        first_reply_at: toNumber(row.first_reply_at),
        pending: row.pending.map(Number),
        human_replied: row.human_replied,
        bot_session: row.bot_session,
        open_since: toNumber(row.open_since),
      });
    }
    return progress;
  }

  async save(tx: EntityManager, accountId: number, progress: Map<number, Progress>): Promise<void> {
    const rows = [...progress.entries()].map(([conversation_id, p]) => ({ conversation_id, ...p }));
    if (rows.length > 0)
      await preparedQuery(tx, 'reporting_save_progress', SAVE_PROGRESS, [accountId, JSON.stringify(rows)]);
  }
}
