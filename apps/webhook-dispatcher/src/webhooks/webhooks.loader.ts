import { Injectable } from '@nestjs/common';
import { preparedQuery } from '@parley/service-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { accountNameOf, inboxNameOf } from '../read-models/messaging-view/messaging-names.loader';
import type { RecipientsRow } from './persistence/webhook.row';

export interface Recipients {
  /** The account's webhooks subscribed to the event's public name. */
  webhookIds: number[];
  /** The names payloads show, as messaging's view holds them: null when their event has not arrived yet. */
  accountName: string | null;
  inboxName: string | null;
}

/**
 * A join for the statements that lease deliveries, `row` being the delivery's row: `as` is its
 * webhook as it is now (the URL and secret may have been edited since it was queued), so each
 * comes with its target in the same round trip. No row for other targets or a deleted webhook.
 */
export function joinWebhookOf(row: string, as: string): string {
  return `LEFT JOIN webhook_dispatcher.webhooks ${as} ON ${as}.id = ${row}.webhook_id`;
}

/** How long a seen subscription spares the sift its read: a deleted webhook's costs empty transactions no longer than this. */
const SUBSCRIBED_TTL_MS = 10_000;
const SUBSCRIBED_MAX_ENTRIES = 10_000;

/** Reads of webhooks that fan-out needs. */
@Injectable()
export class WebhooksLoader {
  /** `account:event name` → when a read last found a webhook subscribed to it. */
  private readonly subscribedSeenAt = new Map<string, number>();

  /** Who gets an event, and the names its payloads show (messaging's view), in one round trip: it runs in every fan-out transaction. */
  async recipientsOf(
    tx: EntityManager,
    accountId: number,
    eventName: string,
    inboxId: number | null,
  ): Promise<Recipients> {
    const [row] = await preparedQuery<RecipientsRow>(
      tx,
      'webhook_dispatcher_recipients',
      `SELECT array(SELECT id FROM webhook_dispatcher.webhooks WHERE account_id = $1 AND $2 = ANY (subscriptions) ORDER BY id) AS webhook_ids,
              ${accountNameOf('$1')} AS account_name, ${inboxNameOf('$3')} AS inbox_name`,
      [accountId, eventName, inboxId],
    );
    return { webhookIds: row.webhook_ids, accountName: row.account_name, inboxName: row.inbox_name };
  }

  /**
   * Which of these `account:event name` pairs some webhook of the account subscribes to. A yes
   * is remembered for a while and not asked again; a no never is, so a webhook made a moment
   * ago gets the next event. A yes gone stale costs only a fan-out transaction that finds nobody.
   */
  async subscribedAmong(db: EntityManager | DataSource, pairs: string[]): Promise<Set<string>> {
    const now = Date.now();
    const known = pairs.filter((pair) => (this.subscribedSeenAt.get(pair) ?? -Infinity) + SUBSCRIBED_TTL_MS > now);
    const accountIds = [...new Set(pairs.filter((pair) => !known.includes(pair)).map(accountOfPair))];
    if (accountIds.length === 0) return new Set(known);
    const rows = await preparedQuery<{ subscription: string }>(
      db,
      'webhook_dispatcher_subscriptions',
      `SELECT DISTINCT account_id || ':' || unnest(subscriptions) AS subscription
         FROM webhook_dispatcher.webhooks WHERE account_id = ANY ($1::int[])`,
      [accountIds],
    );
    if (this.subscribedSeenAt.size >= SUBSCRIBED_MAX_ENTRIES) this.subscribedSeenAt.clear();
    for (const { subscription } of rows) this.subscribedSeenAt.set(subscription, now);
    return new Set([...known, ...rows.map((row) => row.subscription)]);
  }
}

function accountOfPair(pair: string): number {
  return Number(pair.slice(0, pair.indexOf(':')));
}
