import { Injectable } from '@nestjs/common';
import { preparedQuery } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { ACCOUNT_NAMES_SQL, INBOX_NAMES_SQL } from '../read-models/messaging-view/persistence/names-view.row';
import type { RecipientsRow } from './persistence/webhook.row';

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
              (SELECT a.name FROM ${ACCOUNT_NAMES_SQL} a WHERE a.id = $1) AS account_name,
              (SELECT i.name FROM ${INBOX_NAMES_SQL} i WHERE i.id = $3) AS inbox_name`,
      [accountId, eventName, inboxId],
    );
    return { webhookIds: row.webhook_ids, accountName: row.account_name, inboxName: row.inbox_name };
  }
}
