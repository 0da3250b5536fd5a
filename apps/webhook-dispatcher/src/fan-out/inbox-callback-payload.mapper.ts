import type { ConversationSender, ConversationSnapshot, Message, MessageSender } from '@parley/contracts';
import type { AccountRef } from './account-payload.mapper';
import type { PublicEvent } from './public-event.mapper';

/** The API inbox as its callbacks name it (no name until messaging's view has one). */
export interface InboxRef {
  id: number;
  name: string | null;
}

/** A contact sender gets the contact's details from the conversation (the message carries id, name, type only). */
function bridgeSender(
  message: Message,
  conversation: ConversationSnapshot,
): (MessageSender & Partial<ConversationSender>) | null {
  const contact = conversation.meta.sender;
  if (message.sender?.type === 'contact' && contact?.id === message.sender.id) return { ...contact, ...message.sender };
  return message.sender;
}

/**
 * The flat body an API inbox's `webhook_url` gets: the resource's fields at top level plus
 * `event` (messages add `sender`, `conversation`, `inbox`, `account`); typing events name the
 * `user` and the `conversation`.
 */
export function inboxCallbackPayload(
  event: PublicEvent,
  account: AccountRef,
  inbox: InboxRef,
): Record<string, unknown> {
  const conversation = event.conversation!;
  const changes = event.changedAttributes ? { changed_attributes: event.changedAttributes } : {};
  if (event.message) {
    return {
      event: event.name,
      ...event.message,
      sender: bridgeSender(event.message, conversation),
      conversation: conversation,
      inbox: { id: inbox.id, name: inbox.name },
      account: { id: account.id, name: account.name },
      ...changes,
    };
  }
  if (event.user) return { event: event.name, user: event.user, conversation: conversation };
  return { event: event.name, ...conversation, ...changes };
}
