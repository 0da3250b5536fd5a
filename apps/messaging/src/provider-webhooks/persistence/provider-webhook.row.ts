/** @owns messaging.provider_webhooks */

/** Announced (pg_notify) by every transaction that stores a webhook; PostgreSQL sends it at commit. */
export const PROVIDER_WEBHOOKS_DUE_CHANNEL = 'messaging_provider_webhooks_due';

/** A `provider_webhooks` row: a verified provider delivery kept until it is applied. */
export interface ProviderWebhookRow {
  id: string;
  account_id: number;
  inbox_id: number;
  body: Buffer;
  body_sha256: Buffer;
  headers: Record<string, string>;
  url: string;
  attempts: number;
  due_at: Date;
  locked_until: Date | null;
  lease_id: string | null;
  last_error: string | null;
  received_at: Date;
}

export type ClaimedProviderWebhook = Pick<
  ProviderWebhookRow,
  'id' | 'account_id' | 'inbox_id' | 'body' | 'headers' | 'url' | 'attempts'
> & { lease_id: string };

/** Stores a delivery for inbox `$2` of account `$1` (a body already waiting is not stored again); answers the row when stored. */
export const STORE_PROVIDER_WEBHOOK = `WITH added AS (
    INSERT INTO messaging.provider_webhooks (account_id, inbox_id, body, body_sha256, headers, url)
    VALUES ($1, $2, $3, sha256($3), $4, $5) ON CONFLICT DO NOTHING RETURNING id)
  SELECT id, pg_notify('${PROVIDER_WEBHOOKS_DUE_CHANNEL}', '') FROM added`;

/** Claims up to `$1` due deliveries under a fresh lease of `$2` ms, oldest first (a provider's order). */
export const CLAIM_PROVIDER_WEBHOOKS = `UPDATE messaging.provider_webhooks w
    SET locked_until = now() + make_interval(secs => $2::double precision / 1000), lease_id = gen_random_uuid(),
        attempts = w.attempts + 1
  WHERE w.id IN (
    SELECT id FROM messaging.provider_webhooks
     WHERE due_at <= now() AND (locked_until IS NULL OR locked_until < now())
     ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
  RETURNING w.id, w.account_id, w.inbox_id, w.body, w.headers, w.url, w.attempts, w.lease_id`;

/** Applied: the raw delivery is not kept (its content lives in the messages now). */
export const FINISH_PROVIDER_WEBHOOK = `DELETE FROM messaging.provider_webhooks WHERE id = $1 AND lease_id = $2`;

/** Failed: due again in `$3` ms, `$4` the reason (shown to operators in the table). */
export const RETRY_PROVIDER_WEBHOOK = `UPDATE messaging.provider_webhooks
    SET due_at = now() + make_interval(secs => $3::double precision / 1000), locked_until = NULL, lease_id = NULL, last_error = $4
  WHERE id = $1 AND lease_id = $2`;
