import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CHANNEL_TYPES } from '@parley/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import type { NewDelivery } from '../deliveries/delivery-queue.writer';
import { ImmediateAttemptsService } from '../deliveries/immediate-attempts.service';
import { CallbackTargetsLoader } from '../read-models/messaging-view/callback-targets.loader';
import { MessagingNamesLoader } from '../read-models/messaging-view/messaging-names.loader';
import { WebhooksLoader } from '../webhooks/webhooks.loader';
import { accountPayload, type AccountRef } from './account-payload.mapper';
import { inboxCallbackPayload, type InboxRef } from './inbox-callback-payload.mapper';
import { toPublicEvent, type PublicEvent, type SourceEvent } from './public-event.mapper';

/** Who gets an event and the names its payloads show. */
interface Addressees {
  webhookIds: number[];
  account: AccountRef;
  /** The API inbox whose callback gets the event, when there is one. */
  inbox: InboxRef | null;
}

/**
 * Turns events into their deliveries, written in one statement: one per webhook of the
 * account subscribed to the event's public name, plus one to the inbox's callback when it is
 * an API inbox's conversation, message or typing event. Each delivery then succeeds or fails
 * on its own.
 */
@Injectable()
export class FanOutService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: ImmediateAttemptsService,
    private readonly callbacks: CallbackTargetsLoader,
    private readonly webhooks: WebhooksLoader,
    private readonly names: MessagingNamesLoader,
  ) {}

  /**
   * The events that may have a recipient: a webhook of their account subscribed to their public
   * name, or an API inbox not known to lack a callback. One read for the batch (none when
   * each of its events has a subscription seen lately), and the callbacks' question to messaging
   * that fan-out asks anyway, outside any transaction, so that events nobody receives (most,
   * where accounts have no webhooks) cost no fan-out transaction.
   */
  async withRecipients(sources: SourceEvent[]): Promise<SourceEvent[]> {
    const events = sources.map((source) => ({ source, event: toPublicEvent(source) }));
    // The answers it learns are fresh enough for dispatchMany too: it asks nobody again.
    await this.learnCallbacks(events);
    const pairs = new Set(
      events.flatMap(({ event }) => (event?.accountId ? [`${event.accountId}:${event.name}`] : [])),
    );
    const subscribed = await this.webhooks.subscribedAmong(this.dataSource, [...pairs]);
    return events
      .filter(
        ({ source, event }) =>
          !!event?.accountId &&
          (subscribed.has(`${event.accountId}:${event.name}`) || this.callbackInboxOf(source, event) !== null),
      )
      .map(({ source }) => source);
  }

  /** Events that piled up: one recipients look-up per (account, event name, inbox) among them, one insert for all their deliveries. */
  async dispatchMany(tx: EntityManager, sources: SourceEvent[]): Promise<void> {
    const events = sources.map((source) => ({ source, event: toPublicEvent(source) }));
    await this.learnCallbacks(events);
    const lookups = new Map<string, Promise<Addressees>>();
    const deliveries: NewDelivery[] = [];
    for (const { source, event } of events) {
      if (!event || !event.accountId) continue;
      const inboxId = this.callbackInboxOf(source, event);
      const key = `${event.accountId}:${event.name}:${inboxId}`;
      if (!lookups.has(key)) lookups.set(key, this.addressees(tx, event.accountId, event.name, inboxId));
      // One query at a time on the transaction's connection: awaited here, in order.
      const { webhookIds, account, inbox } = await lookups.get(key)!;
      // Receivers see the trace of the request that caused the event (tracing on).
      const traceparent = source.meta?.traceparent ?? null;
      if (webhookIds.length > 0) {
        const body = JSON.stringify(accountPayload(event, account));
        for (const webhookId of webhookIds) {
          deliveries.push({
            accountId: event.accountId,
            eventId: event.id,
            event: event.name,
            body,
            target: { kind: 'webhook', webhookId },
            traceparent,
          });
        }
      }
      if (inbox) {
        const body = JSON.stringify(inboxCallbackPayload(event, account, inbox));
        deliveries.push({
          accountId: event.accountId,
          eventId: event.id,
          event: event.name,
          body,
          target: { kind: 'inbox', inboxId: inbox.id },
          traceparent,
        });
      }
    }
    await this.queue.addMany(tx, deliveries);
  }

  /**
   * The API inbox whose callback may get the event. An inbox known (by an answer given after the
   * event) to have no callback URL gets no delivery row: its attempt would have asked the same
   * cache and discarded it.
   */
  private callbackInboxOf(source: SourceEvent, event: PublicEvent): number | null {
    const inboxId = apiInboxOf(event);
    if (inboxId === null || !event.accountId) return null;
    return this.callbacks.knownWithout(event.accountId, inboxId, Date.parse(source.occurred_at)) ? null : inboxId;
  }

  /**
   * Asks messaging once per API inbox of the batch (not once per event, as each delivery's
   * attempt would) whether it has a callback, with an answer newer than the batch's last event,
   * so an inbox without one costs no delivery row at all. If messaging does not answer, the
   * rows are made and their attempts ask again.
   */
  private async learnCallbacks(events: Array<{ source: SourceEvent; event: PublicEvent | null }>): Promise<void> {
    const latest = new Map<string, { accountId: number; inboxId: number; since: number }>();
    for (const { source, event } of events) {
      const inboxId = event?.accountId ? apiInboxOf(event) : null;
      if (inboxId === null || !event?.accountId) continue;
      const key = `${event.accountId}:${inboxId}`;
      const since = Date.parse(source.occurred_at);
      if ((latest.get(key)?.since ?? -Infinity) < since)
        latest.set(key, { accountId: event.accountId, inboxId, since });
    }
    await Promise.all(
      [...latest.values()].map(({ accountId, inboxId, since }) =>
        this.callbacks.of(accountId, inboxId, since).catch(() => null),
      ),
    );
  }

  /**
   * The recipients, with the names their payloads show. A name messaging's view lacks (created a
   * moment ago) is asked of messaging; only if it cannot say does the account show its id, the
   * inbox no name.
   */
  private async addressees(
    tx: EntityManager,
    accountId: number,
    eventName: string,
    inboxId: number | null,
  ): Promise<Addressees> {
    const found = await this.webhooks.recipientsOf(tx, accountId, eventName, inboxId);
    const named = found.webhookIds.length > 0 || inboxId !== null;
    const accountName = found.accountName ?? (named ? await this.names.account(accountId) : null);
    const inboxName = inboxId === null ? null : (found.inboxName ?? (await this.names.inbox(accountId, inboxId)));
    return {
      webhookIds: found.webhookIds,
      account: { id: accountId, name: accountName ?? String(accountId) },
      inbox: inboxId === null ? null : { id: inboxId, name: inboxName },
    };
  }
}

/** The API inbox whose callback gets the event, when it is an API inbox's conversation, message or typing event. */
function apiInboxOf(event: PublicEvent): number | null {
  const conversation = event.conversation;
  return conversation?.meta.channel === CHANNEL_TYPES.api ? conversation.inbox_id : null;
}
