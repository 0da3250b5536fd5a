/** @owns webhook_dispatcher.webhooks */

/** A `webhooks` row. */
export interface WebhookRow {
  id: number;
  account_id: number;
  url: string;
  subscriptions: string[];
  secret: string;
  created_at: Date;
  updated_at: Date;
}

export const WEBHOOK_COLUMNS = 'id, account_id, url, subscriptions, secret, created_at, updated_at';

/** Where each webhook's deliveries go and the secret that signs them: the relation the delivery claim joins. */
export const WEBHOOK_TARGETS_SQL = '(SELECT id, url, secret FROM webhook_dispatcher.webhooks)';

/** A `recipientsOf` row: the subscribed webhooks and the names the payloads show. */
export interface RecipientsRow {
  webhook_ids: number[];
  account_name: string | null;
  inbox_name: string | null;
}
