import { Injectable } from '@nestjs/common';
import { preparedQuery } from '@parley/service-kit';
import type { ConversationSnapshot, EventEnvelope } from '@parley/contracts';
import type { EntityManager } from 'typeorm';
import { UPSERT_STATES, type ConversationStateRecord } from './persistence/conversation-state.row';

/** A conversation's snapshot as of the event (or history read) that carried it. */
export interface ConversationStateEntry {
  event: Pick<EventEnvelope, 'account_id' | 'occurred_at'>;
  conversation: ConversationSnapshot;
  deleted?: boolean;
}

/** Keeps conversations' current state (live reports read it through ConversationStatesLoader). */
@Injectable()
export class ConversationStatesWriter {
  async record(tx: EntityManager, entries: ConversationStateEntry[]): Promise<void> {
    const records: ConversationStateRecord[] = entries.map(({ event, conversation, deleted }) => ({
      account_id: event.account_id!,
      conversation_id: conversation.id,
      inbox_id: conversation.inbox_id,
      team_id: conversation.team_id,
      assignee_id: conversation.assignee_id,
      labels: conversation.labels,
      status: conversation.status,
      waiting_since: conversation.waiting_since,
      first_reply_at: conversation.first_reply_created_at,
      created_at: conversation.created_at,
      deleted: deleted ?? false,
      source_at: event.occurred_at,
    }));
    // Newest last per conversation: one statement may not touch a row twice.
    const newest = new Map<string, ConversationStateRecord>();
    for (const record of records) {
      const key = `${record.account_id}:${record.conversation_id}`;
      const kept = newest.get(key);
      if (!kept || Date.parse(kept.source_at) <= Date.parse(record.source_at)) newest.set(key, record);
    }
    if (newest.size > 0)
      await preparedQuery(tx, 'reporting_upsert_states', UPSERT_STATES, [JSON.stringify([...newest.values()])]);
  }
}
