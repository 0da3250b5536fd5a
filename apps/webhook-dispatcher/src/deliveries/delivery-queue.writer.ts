import { Injectable } from '@nestjs/common';
import { preparedQuery } from '@parley/service-kit';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { joinWebhookOf } from '../webhooks/webhooks.loader';
import { DELIVERIES_DUE_CHANNEL } from './due-notifications.adapter';

/** Where a delivery goes: an account webhook, an API inbox's callback, or a URL a service gave. */
export type DeliveryTarget =
  | { kind: 'webhook'; webhookId: number }
  | { kind: 'inbox'; inboxId: number }
  | { kind: 'direct'; url: string; secret: string };

export interface NewDelivery {
  accountId: number;
  eventId: string | null;
  event: string;
  /** The exact bytes every attempt sends. */
  body: string;
  target: DeliveryTarget;
  /** Trace context of the event (tracing on), sent as the `traceparent` header. */
  traceparent?: string | null;
}

/** A target as the row's columns: which kind, and the webhook, inbox or URL (with its secret) it names. */
export function targetColumnsOf(target: DeliveryTarget) {
  return {
    target: target.kind,
    webhook_id: target.kind === 'webhook' ? target.webhookId : null,
    inbox_id: target.kind === 'inbox' ? target.inboxId : null,
    url: target.kind === 'direct' ? target.url : null,
    secret: target.kind === 'direct' ? target.secret : null,
  };
}

/** Deliveries written already leased: `leased[i]` says whether the i-th one is. */
export interface LeaseAtInsert {
  id: string;
  ms: number;
  leased: boolean[];
}

/** A delivery the statement wrote (not one its event already had). */
export interface AddedDelivery {
  id: string;
  createdAt: Date;
  /** Where a leased one goes now: its webhook's URL and secret, or the ones it carries (null when not leased). */
  url: string | null;
  secret: string | null;
}

/**
 * Adds deliveries, due at once, in the caller's transaction, and announces those not written
 * leased: the notification reaches every dispatcher's poller when (and only if) the transaction
 * commits.
 */
@Injectable()
export class DeliveryQueueWriter {
  /** Answers the new delivery's id, or null when this event already has a delivery to that target. */
  async add(tx: EntityManager, delivery: NewDelivery): Promise<string | null> {
    const [added] = await this.addMany(tx, [delivery]);
    return added?.id ?? null;
  }

  /** The delivery queued earlier for this event to this URL (deliveries other services ask for). */
  async directDeliveryOf(tx: EntityManager, url: string, eventId: string): Promise<string | null> {
    const [row]: Array<{ id: string }> = await tx.query(
      `SELECT id FROM webhook_dispatcher.deliveries WHERE target = 'direct' AND url = $1 AND event_id = $2`,
      [url, eventId],
    );
    return row?.id ?? null;
  }

  /**
   * One statement for all of them; answers each one as written, or null where the event already
   * had a delivery to that target. The rows go as one JSON document: as an array literal per
   * column, every body's quotes were escaped one by one by the driver (a burst's profile).
   * Rows written leased (`lease`) belong to its holder, who attempts them once the transaction
   * commits: only the others are announced for a claim. Their lease counts from the statement
   * (`clock_timestamp()`, not the transaction's start), so that it ends no earlier than the one
   * the holder took just before it; each comes back with where it goes now, as a claim's do.
   */
  async addMany(
    tx: EntityManager,
    deliveries: NewDelivery[],
    lease?: LeaseAtInsert,
  ): Promise<Array<AddedDelivery | null>> {
    if (deliveries.length === 0) return [];
    const ids = deliveries.map(() => randomUUID());
    const rows = await preparedQuery<{ id: string; created_at: Date; url: string | null; secret: string | null }>(
      tx,
      'webhook_dispatcher_add_deliveries',
      `WITH added AS (
         INSERT INTO webhook_dispatcher.deliveries (id, account_id, target, webhook_id, inbox_id, url, secret, event_id, event, body, traceparent,
                                                    next_attempt_at, lease_id, locked_until)
         SELECT d.id, d.account_id, d.target, d.webhook_id, d.inbox_id, d.url, d.secret, d.event_id, d.event, d.body, d.traceparent,
                now(), d.lease_id, CASE WHEN d.lease_id IS NOT NULL THEN clock_timestamp() + $2::int * interval '1 millisecond' END
           FROM jsonb_to_recordset($1::jsonb) AS d(id uuid, account_id int, target text, webhook_id int, inbox_id int,
                url text, secret text, event_id text, event text, body text, traceparent text, lease_id uuid)
         ON CONFLICT DO NOTHING
         RETURNING id, created_at, lease_id, webhook_id, url, secret)
       SELECT a.id, a.created_at,
              CASE WHEN a.lease_id IS NOT NULL THEN coalesce(w.url, a.url) END AS url,
              CASE WHEN a.lease_id IS NOT NULL THEN coalesce(w.secret, a.secret) END AS secret,
              CASE WHEN a.lease_id IS NULL THEN pg_notify('${DELIVERIES_DUE_CHANNEL}', '') END
         FROM added a ${joinWebhookOf('a', 'w')}`,
      [
        JSON.stringify(
          deliveries.map((delivery, index) => ({
            id: ids[index],
            account_id: delivery.accountId,
            ...targetColumnsOf(delivery.target),
            event_id: delivery.eventId,
            event: delivery.event,
            body: delivery.body,
            traceparent: delivery.traceparent ?? null,
            lease_id: lease?.leased[index] ? lease.id : null,
          })),
        ),
        lease?.ms ?? 0,
      ],
    );
    const added = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => {
      const row = added.get(id);
      return row ? { id, createdAt: row.created_at, url: row.url, secret: row.secret } : null;
    });
  }

  /** A deleted account's deliveries, whatever their target (their attempts go with them). */
  async forgetAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.query('DELETE FROM webhook_dispatcher.deliveries WHERE account_id = $1', [accountId]);
  }
}
