import { Injectable } from '@nestjs/common';
import type { HistoryConversation } from '@parley/contracts';
import type { EntityManager } from 'typeorm';
import type { HistoryBoundary } from '../model-state/history-boundary.rules';
import { MessagingViewLoader } from '../read-models/messaging-view/messaging-view.loader';
import { ConversationProgressWriter } from './conversation-progress.writer';
import { ConversationStatesWriter } from './conversation-states.writer';
import { creationFacts, messageFacts, statusFacts, type Fact } from './fact.rules';
import { FactsWriter, type AccountFact } from './facts.writer';
import { timeline } from './history.rules';

/** Ingests messaging's history for a rebuild, through the same fact definitions as the events. */
@Injectable()
export class HistoryIngestionService {
  constructor(
    private readonly facts: FactsWriter,
    private readonly progress: ConversationProgressWriter,
    private readonly view: MessagingViewLoader,
    private readonly states: ConversationStatesWriter,
  ) {}

  /**
   * A page of messaging's history (what happened before the rebuild's split): each
   * conversation's creation, messages and status changes in time order through the same
   * definitions as the events, its progress carried on to the events after the split; its
   * state as read. A conversation enters the scopes of its state as read at its creation.
   */
  async ingest(tx: EntityManager, entries: HistoryConversation[], boundary: HistoryBoundary): Promise<void> {
    if (entries.length === 0) return;
    const hours = await this.view.hours(
      tx,
      entries.map((entry) => entry.conversation.inbox_id),
    );
    const facts: AccountFact[] = [];
    const accounts = [...new Set(entries.map((entry) => entry.conversation.account_id))].sort((a, b) => a - b);
    for (const accountId of accounts) {
      const mine = entries.filter((entry) => entry.conversation.account_id === accountId);
      const progress = await this.progress.lock(
        tx,
        accountId,
        mine.map((entry) => entry.conversation.id),
      );
      for (const { conversation, messages, status_changes } of mine) {
        const within = hours.get(conversation.inbox_id) ?? null;
        const derived: Fact[] = creationFacts(conversation);
        let current = progress.get(conversation.id)!;
        for (const step of timeline(messages, status_changes)) {
          const result = step.message
            ? messageFacts(current, step.message, conversation, step.message.origin ?? undefined, within)
            : statusFacts(
                current,
                { ...conversation, status: step.change.to },
                step.change.from,
                step.change.at,
                within,
              );
          current = result.progress;
          derived.push(...result.facts);
        }
        progress.set(conversation.id, current);
        for (const fact of derived) facts.push({ account_id: accountId, fact });
      }
      await this.progress.save(tx, accountId, progress);
    }
    await this.facts.write(tx, facts);
    const readAt = new Date(boundary.read_at * 1000).toISOString();
    await this.states.record(
      tx,
      entries.map(({ conversation }) => ({
        event: { account_id: conversation.account_id, occurred_at: readAt },
        conversation,
      })),
    );
  }
}
