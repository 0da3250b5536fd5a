import type { EntityManager } from 'typeorm';
import { preparedQuery } from '@parley/service-kit';
import type { AccountRef } from './account-payload';
import type { InboxRef } from './inbox-callback-payload';

export interface Recipients {
  /** The account's webhooks subscribed to the event's public name. */
  webhookIds: number[];
  account: AccountRef;
  /** The API inbox whose callback gets the event, when there is one. */
  inbox: InboxRef | null;
}

/**
 * Who gets an event, and the names its payloads show (the directory's views), in one round
 * trip: it runs in every fan-out transaction. A name whose event has not arrived yet falls back
 * to the account's id, or to no inbox name.
 */
export async function recipientsOf(tx: EntityManager, accountId: number, eventName: string, inboxId: number | null): Promise<Recipients> {
  const [row] = await preparedQuery<{ webhook_ids: number[]; account_name: string | null; inbox_name: string | null }>(
    tx,
    'webhook_dispatcher_recipients',
    `SELECT array(SELECT id FROM webhook_dispatcher.webhooks WHERE account_id = $1 AND $2 = ANY (subscriptions) ORDER BY id) AS webhook_ids,
            (SELECT name FROM webhook_dispatcher.accounts_view WHERE id = $1) AS account_name,
            (SELECT name FROM webhook_dispatcher.inboxes_view WHERE id = $3) AS inbox_name`,
    [accountId, eventName, inboxId],
  );
  return {
    webhookIds: row.webhook_ids,
    account: { id: accountId, name: row.account_name ?? String(accountId) },
    inbox: inboxId === null ? null : { id: inboxId, name: row.inbox_name },
  };
}
