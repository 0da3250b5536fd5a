/**
 * What code outside messaging may use (`@parley/messaging`; apps never import it, the lint
 * refuses). The messaging benchmark's bare baseline (bench/lib/baseline-server.ts) runs these
 * statements of the conversation aggregate as they are, so it stays in step with the product.
 */
export { ATTACHMENTS_OF_MESSAGES } from './conversations/persistence/attachment.row';
export {
  CONVERSATION_FOR_MESSAGE,
  conversationCountsSql,
  conversationPageSql,
  CONVERSATIONS_BY_IDS,
} from './conversations/persistence/conversation.row';
export {
  INSERT_MESSAGE,
  insertMessageParams,
  MESSAGES_BY_IDS,
  type InsertedMessage,
  type MessageInsert,
} from './conversations/persistence/message.row';
