import type { ConversationCounts } from '@parley/contracts';
import type { JsonRow } from '@parley/service-kit';
import {
  CONVERSATION_VIEW,
  CONVERSATION_VIEW_JOINS,
  conversationPageSql,
  type ConversationViewRow,
} from './conversation.row';
import { LAST_MESSAGE_JOIN, type LastMessageColumns } from './message.row';

/** A conversation of the list: its view with its last non-activity message, as JSON renders the row. */
export type ListedConversationRow = JsonRow<ConversationViewRow & LastMessageColumns>;

/** The row of conversationListSql: the counts, and the page's conversations in its order (null when it is empty). */
export type ConversationListRow = ConversationCounts & { conversations: ListedConversationRow[] | null };

/**
 * The list in one statement, since each round trip to the database costs more than the work:
 * the counts (`counts`, a statement answering one row of ConversationCounts), the page of
 * `where` as conversationPageSql orders and cuts it (`offset`: its placeholder, null on the first page), and each of its conversations' view with
 * its last non-activity message and that message's attachments. One row; the page is one JSON
 * array, which Node parses natively, several times faster than pg parses the same ~80 columns
 * of each of 25 rows field by field.
 */
export function conversationListSql(counts: string, where: string, offset: string | null): string {
  return `WITH counts AS (${counts}),
       page AS (${conversationPageSql(where, offset)})
  SELECT counts.*,
         (SELECT json_agg(v ORDER BY v.last_activity_at DESC, v.id DESC)
            FROM (${CONVERSATION_VIEW}, lm.* ${CONVERSATION_VIEW_JOINS}${LAST_MESSAGE_JOIN}
                   WHERE c.id = ANY (ARRAY(SELECT id FROM page))) v) AS conversations
    FROM counts`;
}
