/**
 * What code outside messaging may use (`@parley/messaging`; apps never import it, the lint
 * refuses). The messaging benchmark's bare baseline (bench/lib/baseline-server.ts) runs these
 * statements of the conversation aggregate as they are, so it stays in step with the product.
 */
export { maintainedCountsSql } from './conversations/persistence/conversation-count.row';
export { conversationListSql } from './conversations/persistence/conversation-list.row';
export { CONVERSATION_FOR_MESSAGE } from './conversations/persistence/conversation.row';
export {
  INSERT_MESSAGE,
  insertMessageParams,
  type InsertedMessage,
  type MessageInsert,
} from './conversations/persistence/message.row';
