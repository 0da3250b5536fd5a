/** @owns messaging.imap_mailboxes */

/** An `imap_mailboxes` row: where polling of one inbox's mailbox stands, and which replica polls it. */
export interface ImapMailboxRow {
  inbox_id: number;
  uid_validity: string | null;
  last_uid: string;
  lease_id: string | null;
  locked_until: Date | null;
}

/** Takes (`$2` a fresh lease id) or renews the lease of inbox `$1`'s mailbox for `$3` ms; answers a row only to the holder. */
export const LEASE_MAILBOX = `INSERT INTO messaging.imap_mailboxes AS m (inbox_id, lease_id, locked_until)
    VALUES ($1, $2, now() + make_interval(secs => $3::double precision / 1000))
  ON CONFLICT (inbox_id) DO UPDATE SET lease_id = $2, locked_until = EXCLUDED.locked_until
    WHERE m.lease_id = $2 OR m.locked_until IS NULL OR m.locked_until < now()
  RETURNING inbox_id`;

export const RELEASE_MAILBOX = `UPDATE messaging.imap_mailboxes SET lease_id = NULL, locked_until = NULL WHERE inbox_id = $1 AND lease_id = $2`;

export const MAILBOX_STATE = `SELECT uid_validity::text AS uid_validity, last_uid::text AS last_uid FROM messaging.imap_mailboxes WHERE inbox_id = $1`;

/** Moves the state forward, only for the lease's holder (a replica that lost the mailbox stops writing). */
export const SAVE_MAILBOX_STATE = `UPDATE messaging.imap_mailboxes SET uid_validity = $3::bigint, last_uid = $4
  WHERE inbox_id = $1 AND lease_id = $2 RETURNING inbox_id`;
