import { Injectable } from '@nestjs/common';
import { preparedQuery } from '@parley/service-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { accountNameOf, inboxNameOf } from '../read-models/messaging-view/messaging-names.loader';
import type { RecipientsRow, WebhookTarget } from './persistence/webhook.row';

export type { WebhookTarget } from './persistence/webhook.row';

export interface Recipients {
  /** The account's webhooks subscribed to the event's public name. */
  webhookIds: number[];
  /** The names payloads show, as messaging's view holds them: null when their event has not arrived yet. */
  accountName: string | null;
  inboxName: string | null;
}

/** Reads of webhooks that fan-out needs. */
@Injectable()
export class WebhooksLoader {
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

  /** `account:event name` for every subscription of the accounts' webhooks: whether a batch's events have any webhook at all. */
  async subscriptionsOf(db: EntityManager | DataSource, accountIds: number[]): Promise<Set<string>> {
    if (accountIds.length === 0) return new Set();
    const rows = await preparedQuery<{ subscription: string }>(
      db,
      'webhook_dispatcher_subscriptions',
      `SELECT DISTINCT account_id || ':' || unnest(subscriptions) AS subscription
         FROM webhook_dispatcher.webhooks WHERE account_id = ANY ($1::int[])`,
      [accountIds],
    );
    return new Set(rows.map((row) => row.subscription));
  }

  /** Where each of the webhooks' deliveries go, by webhook id (deleted webhooks are left out). */
  async targets(tx: EntityManager | DataSource, ids: number[]): Promise<Map<number, WebhookTarget>> {
    if (ids.length === 0) return new Map();
    const rows = await preparedQuery<WebhookTarget>(
      tx,
      'webhook_dispatcher_targets',
      'SELECT id, url, secret FROM webhook_dispatcher.webhooks WHERE id = ANY ($1::int[])',
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row]));
  }
}
