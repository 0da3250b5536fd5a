import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ATTEMPT_TO_CONTACT,
  AWAIT_RECEIPT,
  CLAIM_SENDS,
  ENQUEUE_SEND,
  FINISH_SEND,
  RETRY_SEND,
  SETTLE_SEND,
  START_ATTEMPT,
  type ClaimedSend,
} from './persistence/channel-send.row';

export { SENDS_DUE_CHANNEL, type ClaimedSend } from './persistence/channel-send.row';

/**
 * The queue of messages waiting for their channel. A message is queued in the transaction that
 * writes it (so a committed message is always sent, and nothing else commits per message); the
 * channel-sends worker claims, finishes and reschedules sends under leases.
 */
@Injectable()
export class ChannelSendQueueWriter {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async enqueue(tx: EntityManager, messageId: number, accountId: number): Promise<void> {
    await tx.query(ENQUEUE_SEND, [messageId, accountId]);
  }

  /** Up to `room` due sends, each under a fresh lease of `leaseMs`. */
  async claim(room: number, leaseMs: number): Promise<ClaimedSend[]> {
    // UPDATE … RETURNING answers [rows, count].
    const [claimed]: [ClaimedSend[], number] = await this.dataSource.query(CLAIM_SENDS, [room, leaseMs]);
    return claimed;
  }

  /** Ends the send; false when the lease is no longer the caller's (another attempt owns it). */
  async finish(manager: EntityManager, send: ClaimedSend): Promise<boolean> {
    const [mine] = (await manager.query(FINISH_SEND, [send.message_id, send.lease_id])) as [unknown[], number];
    return mine.length > 0;
  }

  async retry(send: ClaimedSend, waitMs: number, error: string): Promise<void> {
    await this.dataSource.query(RETRY_SEND, [send.message_id, send.lease_id, waitMs, error]);
  }

  /** Commits the attempt before the provider call; false when the lease is no longer the caller's. */
  async startAttempt(send: ClaimedSend): Promise<boolean> {
    const [mine] = (await this.dataSource.query(START_ATTEMPT, [send.message_id, send.lease_id])) as [
      unknown[],
      number,
    ];
    return mine.length > 0;
  }

  /** Leaves a send in doubt until `until`, for a receipt naming it to settle it. */
  async awaitReceipt(send: ClaimedSend, until: Date, reason: string): Promise<void> {
    await this.dataSource.query(AWAIT_RECEIPT, [send.message_id, send.lease_id, until, reason]);
  }

  /** Whether a send to the contact (its provider id) is in a provider call, or in doubt after one. */
  async attemptUnderWay(manager: EntityManager, inboxId: number, contact: string): Promise<boolean> {
    return (await manager.query(ATTEMPT_TO_CONTACT, [inboxId, contact])).length > 0;
  }

  /** A receipt named the message: its send is over, whichever attempt holds it. */
  async settle(tx: EntityManager, messageId: number): Promise<void> {
    await tx.query(SETTLE_SEND, [messageId]);
  }
}
