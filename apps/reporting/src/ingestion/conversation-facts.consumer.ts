import { Injectable } from '@nestjs/common';
import { ConversationEvents, MessageEvents, type EventEnvelope, type EventMap } from '@parley/contracts';
import { OnEvents, UNHURRIED_GATHER_MS } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { IngestionService } from './ingestion.service';

type Batch<T extends keyof EventMap> = Array<EventEnvelope<EventMap[T]>>;

/**
 * The durable consumers that feed the model: one per event type, each in stream order, with
 * the kit's inbox making a redelivered event count once. Durable: events published while
 * reporting was down are applied when it comes back.
 */
@Injectable()
export class ConversationFactsConsumer {
  constructor(private readonly ingestion: IngestionService) {}

  @OnEvents(ConversationEvents.created, { purpose: 'facts_conversation_created' })
  async onCreated(events: Batch<typeof ConversationEvents.created>, tx: EntityManager): Promise<void> {
    await this.ingestion.conversationsCreated(tx, events);
  }

  @OnEvents(ConversationEvents.statusChanged, { purpose: 'facts_status_changed' })
  async onStatusChanged(events: Batch<typeof ConversationEvents.statusChanged>, tx: EntityManager): Promise<void> {
    await this.ingestion.statusesChanged(tx, events);
  }

  @OnEvents(ConversationEvents.assigneeChanged, { purpose: 'facts_assignee_changed' })
  async onAssigneeChanged(events: Batch<typeof ConversationEvents.assigneeChanged>, tx: EntityManager): Promise<void> {
    await this.ingestion.assigneesChanged(tx, events);
  }

  @OnEvents(ConversationEvents.teamChanged, { purpose: 'facts_team_changed' })
  async onTeamChanged(events: Batch<typeof ConversationEvents.teamChanged>, tx: EntityManager): Promise<void> {
    await this.ingestion.teamsChanged(tx, events);
  }

  @OnEvents(ConversationEvents.updated, { purpose: 'facts_conversation_updated' })
  async onUpdated(events: Batch<typeof ConversationEvents.updated>, tx: EntityManager): Promise<void> {
    await this.ingestion.conversationsUpdated(tx, events);
  }

  @OnEvents(ConversationEvents.deleted, { purpose: 'facts_conversation_deleted' })
  async onDeleted(events: Batch<typeof ConversationEvents.deleted>, tx: EntityManager): Promise<void> {
    await this.ingestion.conversationsDeleted(tx, events);
  }

  /** The busiest of them: a message's facts may wait a moment to go with others' (see `gatherMs`). */
  @OnEvents(MessageEvents.created, { purpose: 'facts_message_created', gatherMs: UNHURRIED_GATHER_MS })
  async onMessage(events: Batch<typeof MessageEvents.created>, tx: EntityManager): Promise<void> {
    await this.ingestion.messagesCreated(tx, events);
  }
}
