import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SendOutcome } from '@parley/channels';
import { ConcurrentWorkLoop, Outbox, SERVICE_CONFIG, type ServiceConfig } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import {
  ChannelSendQueueWriter,
  SENDS_DUE_CHANNEL,
  type ClaimedSend,
} from '../conversations/channel-send-queue.writer';
import { MessageWriter } from '../conversations/message.writer';
import { MESSAGING_CONFIG, type ChannelsConfig, type MessagingConfig } from '../messaging.config';
import { ChannelProvidersAdapter } from './channel-providers.adapter';
import { DeliveryStatusService } from './delivery-status.service';
import { nextAttemptDelay } from './retry-schedule.rules';
import { SendRequestLoader } from './send-request.loader';

/** Sends in flight at once in one process: a slow provider holds its own sends, not everyone's. */
const MAX_IN_FLIGHT = 32;

/**
 * Sends queued messages through their channel. Each attempt runs under a lease claimed in its
 * own short transaction, so no row lock is held across the provider call, replicas never send
 * one message together, and a send cut short by a crash is made again once its lease runs out
 * (with the same provider-level id: e-mail's Message-ID is the message's). Outcomes are written
 * only by the lease's holder.
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
    let outcome: SendOutcome;
    if (context.missingAddress) {
      outcome = { outcome: 'permanent', externalError: context.missingAddress };
    } else {
      outcome = await this.send(context);
    }
    await this.record(send, outcome);
  }

  private async send(context: NonNullable<Awaited<ReturnType<SendRequestLoader['load']>>>): Promise<SendOutcome> {
    try {
      const channel = this.providers.connect(context.inbox);
      if (!channel) return { outcome: 'permanent', externalError: 'channel not connected' };
      return await channel.adapter.send({
        ...context.request,
        inbox: { id: context.inbox.id, name: context.inbox.name, settings: channel.settings },
      });
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
