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

/** A `recipientsOf` row: the subscribed webhooks and the names the payloads show. */
export interface RecipientsRow {
  webhook_ids: number[];
  account_name: string | null;
  inbox_name: string | null;
}
