import { Injectable } from '@nestjs/common';
import {
  ConversationEvents,
  MessageEvents,
  type AutomationEventName,
  type EventEnvelope,
  type EventMap,
} from '@parley/contracts';
import { OnEvents, UNHURRIED_GATHER_MS, type Emit, type SendMail } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { isAutomationOrigin, RuleEvaluationService } from './rule-evaluation.service';

/** Changes made by a rule never trigger rules (the loop guard); they are acknowledged without a transaction. */
const notByARule = (event: EventEnvelope) => !isAutomationOrigin(event.meta?.origin);

/** Events of accounts without an active rule for the trigger are acknowledged without a transaction. */
const withRules = (name: AutomationEventName) => (consumer: RuleTriggersConsumer, events: EventEnvelope[]) =>
  consumer.evaluation.withRules(name, events);

/**
 * The four events rules are triggered by. Each has its own durable consumer that hands over the
 * events of a transaction together; the kit's inbox and the run log make a redelivered event run
 * each rule at most once.
 */
@Injectable()
export class RuleTriggersConsumer {
  constructor(readonly evaluation: RuleEvaluationService) {}

  @OnEvents(ConversationEvents.created, { when: notByARule, sift: withRules('conversation_created') })
  async onCreated(
    events: Array<EventEnvelope<EventMap[typeof ConversationEvents.created]>>,
    tx: EntityManager,
    _emit: Emit,
    sendMail: SendMail,
  ): Promise<void> {
    await this.evaluation.evaluateMany(
      tx,
      sendMail,
      events.map((event) => ({
        envelope: event,
        name: 'conversation_created',
        conversation: event.data.conversation,
        message: null,
      })),
    );
  }

  @OnEvents(ConversationEvents.updated, { when: notByARule, sift: withRules('conversation_updated') })
  async onUpdated(
    events: Array<EventEnvelope<EventMap[typeof ConversationEvents.updated]>>,
    tx: EntityManager,
    _emit: Emit,
    sendMail: SendMail,
  ): Promise<void> {
    await this.evaluation.evaluateMany(
      tx,
      sendMail,
      events.map((event) => ({
        envelope: event,
        name: 'conversation_updated',
        conversation: event.data.conversation,
        message: null,
      })),
    );
  }

  /** Every move to open, a reopen included. */
  @OnEvents(ConversationEvents.opened, { when: notByARule, sift: withRules('conversation_opened') })
  async onOpened(
    events: Array<EventEnvelope<EventMap[typeof ConversationEvents.opened]>>,
    tx: EntityManager,
    _emit: Emit,
    sendMail: SendMail,
  ): Promise<void> {
    await this.evaluation.evaluateMany(
      tx,
      sendMail,
      events.map((event) => ({
        envelope: event,
        name: 'conversation_opened',
        conversation: event.data.conversation,
        message: null,
      })),
    );
  }

  /**
   * Activity messages (the notes changes leave behind) are not messages anyone wrote: they trigger
   * nothing. The most frequent trigger: a rule may act a moment later so that messages arriving
   * together are looked at together (`gatherMs`).
   */
  @OnEvents(MessageEvents.created, {
    when: (event) =>
      notByARule(event) && (event.data as EventMap[typeof MessageEvents.created]).message?.message_type !== 'activity',
    sift: withRules('message_created'),
    gatherMs: UNHURRIED_GATHER_MS,
  })
  async onMessage(
    events: Array<EventEnvelope<EventMap[typeof MessageEvents.created]>>,
    tx: EntityManager,
    _emit: Emit,
    sendMail: SendMail,
  ): Promise<void> {
    await this.evaluation.evaluateMany(
      tx,
      sendMail,
      events.map((event) => ({
        envelope: event,
        name: 'message_created',
        conversation: event.data.conversation,
        message: event.data.message,
      })),
    );
  }
}
