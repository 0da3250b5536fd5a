/** @owns messaging.channel_sends */

/** Announced (pg_notify) by every transaction that queues a send; PostgreSQL sends it when that transaction commits. */
export const SENDS_DUE_CHANNEL = 'messaging_channel_sends_due';

/** A `channel_sends` row: an outgoing message waiting for its channel (deleted once sent or failed). */
export interface ChannelSendRow {
  message_id: number;
  account_id: number;
  attempts: number;
  due_at: Date;
  first_attempt_at: Date | null;
  locked_until: Date | null;
  lease_id: string | null;
  last_error: string | null;
  /** Set (committed) before a provider call; still set when claimed again: that attempt's outcome is unknown. */
  attempt_started_at: Date | null;
}

/** A claimed send: the lease its outcome must be recorded under. */
export type ClaimedSend = Pick<
  ChannelSendRow,
  'message_id' | 'account_id' | 'attempts' | 'first_attempt_at' | 'attempt_started_at'
> & {
  lease_id: string;
};

/** Queues message `$1` of account `$2` (once) and announces it at commit. */
export const ENQUEUE_SEND = `WITH added AS (
    INSERT INTO messaging.channel_sends (message_id, account_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING message_id)
  SELECT pg_notify('${SENDS_DUE_CHANNEL}', '') FROM added`;

/**
 * Claims up to `$1` due sends under a fresh lease of `$2` ms: a send whose lease ran out (its
 * process died mid-attempt) is due again. SKIP LOCKED: replicas never claim one send together.
 */
export const CLAIM_SENDS = `UPDATE messaging.channel_sends s
    SET locked_until = now() + make_interval(secs => $2::double precision / 1000), lease_id = gen_random_uuid(),
        attempts = s.attempts + 1, first_attempt_at = COALESCE(s.first_attempt_at, now())
  WHERE s.message_id IN (
    SELECT message_id FROM messaging.channel_sends
     WHERE due_at <= now() AND (locked_until IS NULL OR locked_until < now())
     ORDER BY due_at LIMIT $1 FOR UPDATE SKIP LOCKED)
  RETURNING s.message_id, s.account_id, s.attempts, s.first_attempt_at, s.lease_id, s.attempt_started_at`;

/** Ends send `$1` held under lease `$2`; answers the row only to the lease's holder. */
export const FINISH_SEND = `DELETE FROM messaging.channel_sends WHERE message_id = $1 AND lease_id = $2 RETURNING message_id`;

/** Send `$1` (lease `$2`) is due again in `$3` ms; `$4` the failure that made it wait (the provider answered: no attempt in doubt). */
export const RETRY_SEND = `UPDATE messaging.channel_sends
    SET due_at = now() + make_interval(secs => $3::double precision / 1000), locked_until = NULL, lease_id = NULL,
        last_error = $4, attempt_started_at = NULL
  WHERE message_id = $1 AND lease_id = $2`;

/** Marks send `$1` (lease `$2`) as about to call its provider; answers the row only to the lease's holder. */
export const START_ATTEMPT = `UPDATE messaging.channel_sends SET attempt_started_at = now()
  WHERE message_id = $1 AND lease_id = $2 RETURNING message_id`;

/** Send `$1` (lease `$2`), in doubt, waits until `$3` for a receipt to settle it; the attempt's mark stays. */
export const AWAIT_RECEIPT = `UPDATE messaging.channel_sends
    SET due_at = $3, locked_until = NULL, lease_id = NULL, last_error = $4
  WHERE message_id = $1 AND lease_id = $2`;

/** Whether inbox `$1` has a send to the contact `$2` (its id at the provider) whose provider call is under way or in doubt. */
export const ATTEMPT_TO_CONTACT = `SELECT 1 FROM messaging.channel_sends s
    JOIN messaging.messages m ON m.id = s.message_id
    JOIN messaging.conversations c ON c.id = m.conversation_id
  WHERE m.inbox_id = $1 AND c.source_id = $2 AND s.attempt_started_at IS NOT NULL LIMIT 1`;

/** Ends send `$1` whoever holds it: a receipt named the message, so its send is settled. */
export const SETTLE_SEND = `DELETE FROM messaging.channel_sends WHERE message_id = $1`;
