import { Injectable } from '@nestjs/common';
import { ConversationEvents, MessageEvents, type EventEnvelope, type EventMap } from '@parley/contracts';
import { OnEvent, type Emit, type SendMail } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { isAutomationOrigin, RuleEvaluationService } from './rule-evaluation.service';

/** Changes made by a rule never trigger rules (the loop guard); they are acknowledged without a transaction. */
const notByARule = (event: EventEnvelope) => !isAutomationOrigin(event.meta?.origin);

/**
 * The four events rules are triggered by. Each has its own durable consumer, applied in stream
 * order; the kit's inbox and the run log make a redelivered event run each rule at most once.
 */
@Injectable()
export class RuleTriggersConsumer {
  constructor(private readonly evaluation: RuleEvaluationService) {}

  @OnEvent(ConversationEvents.created, { when: notByARule })
  async onCreated(event: EventEnvelope<EventMap[typeof ConversationEvents.created]>, tx: EntityManager, _emit: Emit, sendMail: SendMail): Promise<void> {
    await this.evaluation.evaluate(tx, sendMail, { envelope: event, name: 'conversation_created', conversation: event.data.conversation, message: null });
  }

  @OnEvent(ConversationEvents.updated, { when: notByARule })
  async onUpdated(event: EventEnvelope<EventMap[typeof ConversationEvents.updated]>, tx: EntityManager, _emit: Emit, sendMail: SendMail): Promise<void> {
    await this.evaluation.evaluate(tx, sendMail, { envelope: event, name: 'conversation_updated', conversation: event.data.conversation, message: null });
  }

  /** Every move to open, a reopen included. */
  @OnEvent(ConversationEvents.opened, { when: notByARule })
  async onOpened(event: EventEnvelope<EventMap[typeof ConversationEvents.opened]>, tx: EntityManager, _emit: Emit, sendMail: SendMail): Promise<void> {
    await this.evaluation.evaluate(tx, sendMail, { envelope: event, name: 'conversation_opened', conversation: event.data.conversation, message: null });
  }

  /** Activity messages (the notes changes leave behind) are not messages anyone wrote: they trigger nothing. */
  @OnEvent(MessageEvents.created, { when: (event) => notByARule(event) && (event.data as EventMap[typeof MessageEvents.created]).message?.message_type !== 'activity' })
  async onMessage(event: EventEnvelope<EventMap[typeof MessageEvents.created]>, tx: EntityManager, _emit: Emit, sendMail: SendMail): Promise<void> {
    await this.evaluation.evaluate(tx, sendMail, { envelope: event, name: 'message_created', conversation: event.data.conversation, message: event.data.message });
  }
}
