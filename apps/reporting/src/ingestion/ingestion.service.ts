import { Injectable } from '@nestjs/common';
import {
  ConversationEvents,
  MessageEvents,
  type ConversationSnapshot,
  type EventEnvelope,
  type EventMap,
} from '@parley/contracts';
import type { EntityManager } from 'typeorm';
import { CsatWriter, type CsatSurveyRecord } from '../csat/csat.writer';
import { ModelStateLoader } from '../model-state/model-state.loader';
import { MessagingViewLoader } from '../read-models/messaging-view/messaging-view.loader';
import { covered } from './covered-events.rules';
import { ConversationProgressWriter } from './conversation-progress.writer';
import { ConversationStatesWriter } from './conversation-states.writer';
import { creationFacts, enteredFacts, messageFacts, statusFacts, type Fact, type Progress } from './fact.rules';
import { FactsWriter, type AccountFact } from './facts.writer';

type Envelope<T extends keyof EventMap> = EventEnvelope<EventMap[T]>;

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * Turns messaging's conversation and message events into facts, roll-ups and conversation
 * state. Each entry point takes a batch of one event type in stream order (the consumers and
 * the benchmark's bulk load call the same code); conversations' progress is locked for the batch.
 */
@Injectable()
export class IngestionService {
  constructor(
    private readonly facts: FactsWriter,
    private readonly progress: ConversationProgressWriter,
    private readonly view: MessagingViewLoader,
    private readonly csat: CsatWriter,
    private readonly state: ModelStateLoader,
    private readonly states: ConversationStatesWriter,
  ) {}

  async messagesCreated(tx: EntityManager, events: Array<Envelope<typeof MessageEvents.created>>): Promise<void> {
    const surveys: CsatSurveyRecord[] = [];
    const boundary = await this.state.boundary(tx);
    const counted = events.filter((event) => !covered.message(boundary, event.data.message));
    await this.withProgress(
      tx,
      counted,
      (event) => event.data.conversation,
      async (event, current, hours) => {
        const { message, conversation } = event.data;
        const result = messageFacts(
          current,
          message,
          conversation,
          event.meta?.origin,
          hours.get(conversation.inbox_id) ?? null,
        );
        if (result.survey) {
          const { token, bot_handled } = result.survey;
          surveys.push({
            token,
            bot_handled,
            account_id: event.account_id!,
            conversation_id: conversation.id,
            inbox_id: conversation.inbox_id,
            assignee_id: conversation.assignee_id,
            sent_at: message.created_at,
          });
        }
        return result;
      },
    );
    await this.csat.recordSurveys(tx, surveys);
    await this.states.record(
      tx,
      events.map((event) => ({ event, conversation: event.data.conversation })),
    );
  }

  async statusesChanged(
    tx: EntityManager,
    events: Array<Envelope<typeof ConversationEvents.statusChanged>>,
  ): Promise<void> {
    const boundary = await this.state.boundary(tx);
    const counted = events.filter((event) => !covered.statusChange(boundary, event.occurred_at));
    await this.withProgress(
      tx,
      counted,
      (event) => event.data.conversation,
      async (event, current, hours) => {
        const { conversation, previous_status } = event.data;
        return statusFacts(
          current,
          conversation,
          previous_status,
          seconds(event.occurred_at),
          hours.get(conversation.inbox_id) ?? null,
        );
      },
    );
    await this.states.record(
      tx,
      events.map((event) => ({ event, conversation: event.data.conversation })),
    );
  }

  async conversationsCreated(
    tx: EntityManager,
    events: Array<Envelope<typeof ConversationEvents.created>>,
  ): Promise<void> {
    const boundary = await this.state.boundary(tx);
    const counted = events.filter((event) => !covered.created(boundary, event.data.conversation));
    await this.facts.write(
      tx,
      counted.flatMap((event) =>
        creationFacts(event.data.conversation).map((fact) => ({ account_id: event.account_id!, fact })),
      ),
    );
    await this.states.record(
      tx,
      events.map((event) => ({ event, conversation: event.data.conversation })),
    );
  }

  async assigneesChanged(
    tx: EntityManager,
    events: Array<Envelope<typeof ConversationEvents.assigneeChanged>>,
  ): Promise<void> {
    await this.entered(tx, events, (event) => ({ agent_id: event.data.conversation.assignee_id }));
  }

  async teamsChanged(tx: EntityManager, events: Array<Envelope<typeof ConversationEvents.teamChanged>>): Promise<void> {
    await this.entered(tx, events, (event) => ({ team_id: event.data.conversation.team_id }));
  }

  /** Labels added (the `labels` change of conversation_updated) enter their label's scope. */
  async conversationsUpdated(
    tx: EntityManager,
    events: Array<Envelope<typeof ConversationEvents.updated>>,
  ): Promise<void> {
    await this.entered(tx, events, (event) => {
      const { changed_attributes } = event.data as EventMap[typeof ConversationEvents.updated];
      const change = changed_attributes.find((entry) => 'labels' in entry)?.labels;
      if (!change) return {};
      const before = new Set((change.previous_value as string[] | null) ?? []);
      return { labels: ((change.current_value as string[] | null) ?? []).filter((title) => !before.has(title)) };
    });
  }

  async conversationsDeleted(
    tx: EntityManager,
    events: Array<Envelope<typeof ConversationEvents.deleted>>,
  ): Promise<void> {
    await this.states.record(
      tx,
      events.map((event) => ({ event, conversation: event.data.conversation, deleted: true })),
    );
  }

  /** A deleted account's part of the model (facts, roll-ups, progress, states, label keys). */
  async forgetAccount(tx: EntityManager, accountId: number): Promise<void> {
    for (const table of [
      'facts',
      'rollups',
      'daily_rollups',
      'conversation_progress',
      'conversation_states',
      'label_keys',
    ]) {
      await tx.query(`DELETE FROM reporting.${table} WHERE account_id = $1`, [accountId]);
    }
  }

  /** Empties the model (facts, roll-ups, progress, states, label keys) for a rebuild; CSAT surveys and responses stay. */
  async emptyModel(tx: EntityManager): Promise<void> {
    await tx.query(
      `TRUNCATE reporting.facts, reporting.rollups, reporting.daily_rollups, reporting.conversation_progress, reporting.conversation_states, reporting.label_keys`,
    );
  }

  private async entered<T extends keyof EventMap>(
    tx: EntityManager,
    events: Array<EventEnvelope<EventMap[T] & { conversation: ConversationSnapshot }>>,
    into: (event: EventEnvelope<EventMap[T] & { conversation: ConversationSnapshot }>) => {
      agent_id?: number | null;
      team_id?: number | null;
      labels?: string[];
    },
  ): Promise<void> {
    const boundary = await this.state.boundary(tx);
    const counted = events.filter(
      (event) => !covered.scopeChange(boundary, event.data.conversation, event.occurred_at),
    );
    const facts = counted.flatMap((event) =>
      enteredFacts(event.data.conversation, seconds(event.occurred_at), into(event)).map((fact) => ({
        account_id: event.account_id!,
        fact,
      })),
    );
    await this.facts.write(tx, facts);
    await this.states.record(
      tx,
      events.map((event) => ({ event, conversation: event.data.conversation })),
    );
  }

  /** Applies `derive` to each event in order, per account, with each conversation's progress locked and carried along. */
  private async withProgress<E extends EventEnvelope>(
    tx: EntityManager,
    events: E[],
    conversationOf: (event: E) => ConversationSnapshot,
    derive: (
      event: E,
      current: Progress,
      hours: Awaited<ReturnType<MessagingViewLoader['hours']>>,
    ) => Promise<{ facts: Fact[]; progress: Progress }>,
  ): Promise<void> {
    const byAccount = new Map<number, E[]>();
    for (const event of events) {
      const list = byAccount.get(event.account_id!);
      if (list) list.push(event);
      else byAccount.set(event.account_id!, [event]);
    }
    const hours = await this.view.hours(
      tx,
      events.map((event) => conversationOf(event).inbox_id),
    );
    const facts: AccountFact[] = [];
    for (const [accountId, accountEvents] of [...byAccount.entries()].sort(([a], [b]) => a - b)) {
      const progress = await this.progress.lock(
        tx,
        accountId,
        accountEvents.map((event) => conversationOf(event).id),
      );
      for (const event of accountEvents) {
        const id = conversationOf(event).id;
        const result = await derive(event, progress.get(id)!, hours);
        progress.set(id, result.progress);
        for (const fact of result.facts) facts.push({ account_id: accountId, fact });
      }
      await this.progress.save(tx, accountId, progress);
    }
    await this.facts.write(tx, facts);
  }
}
