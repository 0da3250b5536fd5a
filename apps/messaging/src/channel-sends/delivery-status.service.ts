import { Injectable } from '@nestjs/common';
import { nextDeliveryStatus, type StatusChange } from '@parley/channels';
import { MessageEvents, type MessageStatus } from '@parley/contracts';
import type { Emit } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { ChannelSendQueueWriter } from '../conversations/channel-send-queue.writer';
import { ConversationLoader } from '../conversations/conversation.loader';
import { MessageLoader } from '../conversations/message.loader';
import { MessageWriter } from '../conversations/message.writer';

/**
 * A sent message's status as its channel reports it: only forward (sent → delivered → read;
 * failed from sent or delivered), each change announced as `message_updated`.
 */
@Injectable()
export class DeliveryStatusService {
  constructor(
    private readonly messages: MessageLoader,
    private readonly writer: MessageWriter,
    private readonly conversations: ConversationLoader,
    private readonly queue: ChannelSendQueueWriter,
  ) {}

  /** The channel refused the message for good (or the retries ran out). */
  async fail(tx: EntityManager, emit: Emit, messageId: number, error: string): Promise<void> {
    const status = await this.messages.lockedStatus(tx, messageId);
    if (!status) return; // deleted meanwhile
    await this.apply(tx, emit, messageId, status, nextDeliveryStatus(status, 'failed', error));
  }

  /** A receipt or a bounce about a message of the inbox, named by its provider id; unknown ids change nothing. */
  async report(tx: EntityManager, emit: Emit, inboxId: number, change: StatusChange): Promise<boolean> {
    const message =
      (change.sentMessageId !== undefined &&
        (await this.settle(tx, inboxId, change.sentMessageId, change.providerMessageId))) ||
      (await this.messages.byProviderId(tx, inboxId, change.providerMessageId));
    if (!message || message.message_type === 'incoming') return false;
    await this.apply(
      tx,
      emit,
      message.id,
      message.status,
      nextDeliveryStatus(message.status, change.status, change.error),
    );
    return true;
  }

  /**
   * The provider named Parley's message by its mark (`sendMarker`) with its own id: the send
   * is settled whatever became of its answer — the provider id is recorded when none was (the
   * answer was lost in a crash, or this receipt came first) and the send leaves the queue.
   */
  async settle(
    tx: EntityManager,
    inboxId: number,
    messageId: number,
    providerMessageId: string,
  ): Promise<{ id: number; status: MessageStatus; message_type: 'outgoing' } | null> {
    const message = await this.messages.lockedOutgoing(tx, inboxId, messageId);
    if (!message) return null;
    if (!message.source_id) await this.writer.recordSent(tx, message.id, providerMessageId);
    await this.queue.settle(tx, message.id);
    return { id: message.id, status: message.status, message_type: 'outgoing' };
  }

  private async apply(
    tx: EntityManager,
    emit: Emit,
    messageId: number,
    current: MessageStatus,
    transition: ReturnType<typeof nextDeliveryStatus>,
  ): Promise<void> {
    if (transition.status === null && transition.externalError === null) return;
    await this.writer.recordStatus(tx, messageId, transition.status, transition.externalError);
    const message = await this.messages.one(messageId, tx);
    const [conversation] = await this.conversations.snapshots(
      [await this.messages.conversationIdOf(tx, messageId)],
      tx,
    );
    await emit(MessageEvents.updated, message.account_id, {
      message,
      conversation,
      changed_attributes: transition.status
        ? [{ status: { previous_value: current, current_value: transition.status } }]
        : [{ external_error: { previous_value: null, current_value: transition.externalError } }],
    });
  }
}
