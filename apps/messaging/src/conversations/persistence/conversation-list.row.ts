import type { ConversationCounts } from '@parley/contracts';
import {
  CONVERSATION_VIEW,
  CONVERSATION_VIEW_JOINS,
  conversationPageSql,
  type ConversationViewRow,
} from './conversation.row';
import { LAST_MESSAGE_JOIN, type LastMessageColumns } from './message.row';

/** A row of conversationListSql: the counts, and a conversation of the page with its last non-activity message. */
export type ConversationListRow = ConversationCounts & ((ConversationViewRow & LastMessageColumns) | { id: null });

/**
 * The list in one statement, since each round trip to the database costs more than the work:
 * the counts (`counts`, a statement answering one row of ConversationCounts), the page of
 * `where` as conversationPageSql orders and cuts it, and each of its conversations' view with
 * its last non-activity message and that message's attachments. One ConversationListRow per
 * conversation, in the page's order; a single row with the counts and a null `id` when the page
 * is empty.
 */
export function conversationListSql(counts: string, where: string, limit: string, offset: string): string {
  return `WITH counts AS (${counts}),
       page AS (${conversationPageSql(where, limit, offset)})
  SELECT counts.*, v.* FROM counts LEFT JOIN (${CONVERSATION_VIEW}, lm.* ${CONVERSATION_VIEW_JOINS}${LAST_MESSAGE_JOIN}
     WHERE c.id = ANY (ARRAY(SELECT id FROM page))) v ON true
   ORDER BY v.last_activity_at DESC, v.id DESC`;
}
