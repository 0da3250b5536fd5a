import type { PoolClient } from 'pg';
import { prepared } from './bare-server';

/** Where a minimal baseline writes a message: the account, its author and the conversation's number. */
export interface MinimalMessageTarget {
  accountId: number;
  userId: number;
  displayId: number;
}

/**
 * The least SQL a new message needs, in the caller's transaction: the conversation's activity
 * bumped (by account and number, returning it), then the message. Answers both rows.
 */
export async function insertMinimalMessage(
  client: PoolClient,
  { accountId, userId, displayId }: MinimalMessageTarget,
  content: string,
): Promise<{ conversation: Record<string, unknown>; message: Record<string, unknown> }> {
  const {
    rows: [conversation],
  } = await prepared(
    client,
    'minimal_touch_conversation',
    `UPDATE messaging.conversations SET last_activity_at = now(), updated_at = now(), messages_count = messages_count + 1
      WHERE account_id = $1 AND display_id = $2 RETURNING *`,
    [accountId, displayId],
  );
  const {
    rows: [message],
  } = await prepared(
    client,
    'minimal_insert_message',
    `INSERT INTO messaging.messages (account_id, conversation_id, inbox_id, content, message_type, sender_type, sender_id)
     VALUES ($1, $2, $3, $4, 'outgoing', 'user', $5) RETURNING *`,
    [accountId, conversation.id, conversation.inbox_id, content, userId],
  );
  return { conversation, message };
}
