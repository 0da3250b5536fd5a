import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SendOutcome, SendRequest } from '@parley/channels';
import { ConcurrentWorkLoop, Outbox, SERVICE_CONFIG, type ServiceConfig } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import {
  ChannelSendQueueWriter,
  SENDS_DUE_CHANNEL,
  type ClaimedSend,
} from '../conversations/channel-send-queue.writer';
import { MessageWriter } from '../conversations/message.writer';
import { MESSAGING_CONFIG, type ChannelsConfig, type MessagingConfig } from '../messaging.config';
import { ChannelProvidersAdapter, type ConnectedChannel } from './channel-providers.adapter';
import { DeliveryStatusService } from './delivery-status.service';
import { nextAttemptDelay } from './retry-schedule.rules';
import { MessageLoader } from '../conversations/message.loader';
import { SendRequestLoader, type SendContext } from './send-request.loader';

/** Sends in flight at once in one process: a slow provider holds its own sends, not everyone's. */
const MAX_IN_FLIGHT = 32;

/** How soon a provider that can be asked about a send in doubt is asked (again). */
const LOOK_AGAIN_MS = 30_000;

/** The send request for the inbox's provider, its settings opened. */
function requestFor(context: SendContext, channel: ConnectedChannel): SendRequest<unknown> {
  return { ...context.request, inbox: { id: context.inbox.id, name: context.inbox.name, settings: channel.settings } };
}

/** `external_error` of a send a crash cut off with its outcome unknown and no receipt settled. */
export const UNKNOWN_OUTCOME =
  'outcome unknown: the process sending this message stopped before the provider answered; it was not sent again to avoid a duplicate (send it again if it did not arrive)';

/**
 * Sends queued messages through their channel. Each attempt runs under a lease claimed in its
 * own short transaction, so no row lock is held across the provider call and replicas never
 * send one message together. A send cut short by a crash is due again once its lease runs out:
 * made again where that is harmless (e-mail's Message-ID is the message's), otherwise settled
 * by a receipt naming it or failed as unknown (see `inDoubt`). Outcomes are written only by the
 * lease's holder.
 */
@Injectable()
export class ChannelSendWorker extends ConcurrentWorkLoop<ClaimedSend> {
  private readonly settings: ChannelsConfig;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly requests: SendRequestLoader,
    private readonly providers: ChannelProvidersAdapter,
    private readonly statuses: DeliveryStatusService,
    private readonly writer: MessageWriter,
    private readonly messages: MessageLoader,
    private readonly queue: ChannelSendQueueWriter,
    @Inject(MESSAGING_CONFIG) config: MessagingConfig,
    @Inject(SERVICE_CONFIG) service: ServiceConfig,
  ) {
    super(
      config.channels.pollIntervalMs,
      'Sending messages to their channels',
      service.database!.url,
      SENDS_DUE_CHANNEL,
      MAX_IN_FLIGHT,
    );
    this.settings = config.channels;
  }

  protected async claim(room: number): Promise<ClaimedSend[]> {
    return this.queue.claim(room, this.settings.leaseMs);
  }

  /** One attempt; a failure to record its outcome leaves the send to be made again once its lease runs out. */
  protected async handle(send: ClaimedSend): Promise<void> {
    const context = await this.requests.load(this.dataSource.manager, send.message_id);
    if (!context) return void (await this.queue.finish(this.dataSource.manager, send));
    if (context.missingAddress)
      return this.record(send, { outcome: 'permanent', externalError: context.missingAddress });
    let channel: ConnectedChannel | null;
    try {
      channel = this.providers.connect(context.inbox);
    } catch (error) {
      return this.record(send, { outcome: 'transient', error: (error as Error).message });
    }
    if (!channel) return this.record(send, { outcome: 'permanent', externalError: 'channel not connected' });
    const mode = channel.adapter.unknownOutcome;
    if (mode !== 'resend') {
      if (send.attempt_started_at && (await this.inDoubt(send, new Date(send.attempt_started_at), context, channel)))
        return;
      // Committed before the call: a crash from here on leaves the attempt's mark for the next claim.
      if (!(await this.queue.startAttempt(send))) return;
    }
    const outcome = await this.send(context, channel);
    // No answer to a request that may have arrived: sending again could make it twice.
    if (mode !== 'resend' && outcome.outcome === 'transient' && outcome.maybeDelivered) {
      if (!mode) return this.record(send, { outcome: 'permanent', externalError: UNKNOWN_OUTCOME });
      const wait = mode === 'look_up' ? LOOK_AGAIN_MS : this.settings.receiptWaitMs;
      return this.queue.awaitReceipt(send, new Date(Date.now() + wait), `no answer: ${outcome.error}`);
    }
    await this.record(send, outcome);
  }

  /**
   * An earlier attempt began and its outcome was never recorded: the provider may have taken
   * the message, and these providers have no idempotency key. It is looked for at the provider
   * where it can be (`look_up`: found, it is sent; absent, it never arrived and false says to
   * send it), or a receipt naming it settles it (`await_receipt`, see `DeliveryStatusService`);
   * else, or once the wait is over, it fails as unknown. True when the send is dealt with.
   */
  private async inDoubt(
    send: ClaimedSend,
    startedAt: Date,
    context: SendContext,
    channel: ConnectedChannel,
  ): Promise<boolean> {
    const until = startedAt.getTime() + this.settings.receiptWaitMs;
    const waiting = until > Date.now();
    const { adapter } = channel;
    if (adapter.unknownOutcome === 'look_up' && adapter.findSent) {
      try {
        const found = await this.unclaimed(context, await adapter.findSent(requestFor(context, channel), startedAt));
        if (found === null) return false;
        await this.record(send, { outcome: 'sent', providerMessageId: found });
        return true;
      } catch (error) {
        if (waiting) {
          const again = new Date(Math.min(until, Date.now() + LOOK_AGAIN_MS));
          await this.queue.awaitReceipt(send, again, `outcome unknown after a crash: ${(error as Error).message}`);
          return true;
        }
      }
    } else if (adapter.unknownOutcome === 'await_receipt' && waiting) {
      await this.queue.awaitReceipt(send, new Date(until), 'outcome unknown after a crash: waiting for a receipt');
      return true;
    }
    await this.record(send, { outcome: 'permanent', externalError: UNKNOWN_OUTCOME });
    return true;
  }

  /** The first of the provider's `ids` that is no other message's of this inbox (the same text sent twice). */
  private async unclaimed(context: SendContext, ids: string[]): Promise<string | null> {
    if (ids.length === 0) return null;
    const taken = await this.messages.sourceIdsTaken(
      this.dataSource.manager,
      context.inbox.id,
      ids,
      context.request.message.id,
    );
    return ids.find((id) => !taken.has(id)) ?? null;
  }

  private async send(context: SendContext, channel: ConnectedChannel): Promise<SendOutcome> {
    try {
      return await channel.adapter.send(requestFor(context, channel));
    } catch (error) {
      // A bug or an outage, never a provider's answer: worth another attempt.
      return { outcome: 'transient', error: (error as Error).message };
    }
  }

  private async record(send: ClaimedSend, outcome: SendOutcome): Promise<void> {
    if (outcome.outcome === 'transient') {
      const wait = nextAttemptDelay(
        send.attempts,
        send.first_attempt_at ?? new Date(),
        new Date(),
        this.settings.retryWindowMs,
        outcome.retryAfterMs,
      );
      if (wait !== null) {
        await this.queue.retry(send, wait, outcome.error);
        return;
      }
      outcome = { outcome: 'permanent', externalError: outcome.error };
    }
    const finished = outcome;
    await this.outbox.transaction(async (tx, emit) => {
      if (!(await this.queue.finish(tx, send))) return; // the lease ran out and another attempt owns the send now
      if (finished.outcome === 'sent') await this.writer.recordSent(tx, send.message_id, finished.providerMessageId);
      else await this.statuses.fail(tx, emit, send.message_id, finished.externalError);
    });
  }
}
