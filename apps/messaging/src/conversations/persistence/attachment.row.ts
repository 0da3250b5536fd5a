/** @owns messaging.attachments */

import type { FileType } from '@parley/contracts';

/** The columns of `messaging.attachments` as raw SQL returns them. */
export interface AttachmentRow {
  id: number;
  message_id: number;
  account_id: number;
  file_type: FileType;
  extension: string | null;
  content_type: string;
  file_name: string;
  file_size: number;
  storage_key: string;
  created_at: Date;
}

/** The columns an attachment is shown with (its link is signed from the storage key). */
export type StoredAttachmentRow = Pick<
  AttachmentRow,
  'id' | 'message_id' | 'file_type' | 'extension' | 'content_type' | 'file_size' | 'storage_key'
>;

const STORED_ATTACHMENT_COLUMNS = 'id, message_id, file_type, extension, content_type, file_size, storage_key';

/** The attachments of the messages `$1`, as StoredAttachmentRow. */
export const ATTACHMENTS_OF_MESSAGES = `SELECT ${STORED_ATTACHMENT_COLUMNS} FROM messaging.attachments WHERE message_id = ANY($1::int[]) ORDER BY id`;

/**
 * The attachments of message `messageId` (a column reference) as a JSON array of
 * StoredAttachmentRow in ATTACHMENTS_OF_MESSAGES' order, null when it has none: a scalar
 * sub-select, for a statement that reads messages beside other rows. Every column is a number
 * or text, so JSON hands them back as a row would.
 */
export function attachmentsOfMessageJson(messageId: string): string {
  return `(SELECT json_agg(a ORDER BY a.id) FROM (SELECT ${STORED_ATTACHMENT_COLUMNS} FROM messaging.attachments WHERE message_id = ${messageId}) a)`;
}

/** The stored file of attachment `$1` in account `$2`, as AttachmentFileRow. */
export const ATTACHMENT_FILE =
  'SELECT file_name, content_type, file_size, storage_key FROM messaging.attachments WHERE id = $1 AND account_id = $2';

export type AttachmentFileRow = Pick<AttachmentRow, 'file_name' | 'content_type' | 'file_size' | 'storage_key'>;

/** Adds one attachment; answers it as StoredAttachmentRow. */
export const INSERT_ATTACHMENT = `INSERT INTO messaging.attachments (message_id, account_id, file_type, extension, content_type, file_name, file_size, storage_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         RETURNING id, message_id, file_type, extension, content_type, file_size, storage_key`;

/** Message `$1` becomes the placeholder `$2` (`deleted: true`) and loses its attachments; answers their storage keys. */
export const REPLACE_WITH_PLACEHOLDER = `WITH removed AS (DELETE FROM messaging.attachments WHERE message_id = $1 RETURNING storage_key),
  replaced AS (UPDATE messaging.messages SET content = $2, content_attributes = '{"deleted": true}', updated_at = now() WHERE id = $1)
  SELECT storage_key FROM removed`;
