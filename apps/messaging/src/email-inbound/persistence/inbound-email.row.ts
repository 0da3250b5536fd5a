/** @owns messaging.inbound_emails */

/** Announced (pg_notify) by every transaction that stores inbound e-mail; PostgreSQL sends it at commit. */
export const INBOUND_DUE_CHANNEL = 'messaging_inbound_emails_due';

/** An `inbound_emails` row: a raw e-mail received for an inbox, kept until it is applied. */
export interface InboundEmailRow {
  id: string;
  account_id: number;
  inbox_id: number;
  raw: Buffer;
  recipients: string[];
  imap_uid_validity: string | null;
  imap_uid: string | null;
  attempts: number;
  due_at: Date;
  locked_until: Date | null;
  lease_id: string | null;
  last_error: string | null;
  received_at: Date;
}

export type ClaimedInboundEmail = Pick<
  InboundEmailRow,
  'id' | 'account_id' | 'inbox_id' | 'raw' | 'recipients' | 'attempts'
> & {
  lease_id: string;
};

/** Stores one e-mail for inbox `$2` of account `$1` (an IMAP UID at most once) and announces it at commit. */
export const STORE_INBOUND_EMAIL = `WITH added AS (
    INSERT INTO messaging.inbound_emails (account_id, inbox_id, raw, recipients, imap_uid_validity, imap_uid)
    VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING id)
  SELECT pg_notify('${INBOUND_DUE_CHANNEL}', '') FROM added`;

/** Claims up to `$1` due e-mails under a fresh lease of `$2` ms. */
export const CLAIM_INBOUND_EMAILS = `UPDATE messaging.inbound_emails e
    SET locked_until = now() + make_interval(secs => $2::double precision / 1000), lease_id = gen_random_uuid(),
        attempts = e.attempts + 1
  WHERE e.id IN (
    SELECT id FROM messaging.inbound_emails
     WHERE due_at <= now() AND (locked_until IS NULL OR locked_until < now())
     ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
  RETURNING e.id, e.account_id, e.inbox_id, e.raw, e.recipients, e.attempts, e.lease_id`;

/** Applied: the raw mail is not kept (its content lives in the message now). */
export const FINISH_INBOUND_EMAIL = `DELETE FROM messaging.inbound_emails WHERE id = $1 AND lease_id = $2`;

/** Failed: due again in `$3` ms, `$4` the reason (shown to operators in the table). */
export const RETRY_INBOUND_EMAIL = `UPDATE messaging.inbound_emails
    SET due_at = now() + make_interval(secs => $3::double precision / 1000), locked_until = NULL, lease_id = NULL, last_error = $4
  WHERE id = $1 AND lease_id = $2`;
