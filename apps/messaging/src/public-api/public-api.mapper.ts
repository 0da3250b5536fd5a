import {
  MESSAGE_TYPES,
  type Conversation,
  type Message,
  type PublicConversation,
  type PublicConversationContact,
  type PublicInbox,
  type PublicMessage,
} from '@parley/contracts';
import type { PublicInboxRow } from '../inboxes/inboxes.loader';

/** The inbox as a widget or bridge sees it; `identifier` is the token it was addressed by. */
export function toPublicInbox(inbox: PublicInboxRow): PublicInbox {
  return {
    identifier: (inbox.inbox_identifier ?? inbox.website_token)!,
    identity_validation_enabled: inbox.hmac_mandatory,
    name: inbox.name,
    timezone: inbox.timezone,
    working_hours: inbox.working_hours,
    working_hours_enabled: inbox.working_hours_enabled,
    csat_survey_enabled: inbox.csat_survey_enabled,
    greeting_enabled: inbox.greeting_enabled,
  };
}

/** A message as the contact sees it: the reference's integer type; attachments and sender only when there are some. */
export function toPublicMessage(message: Message): PublicMessage {
  const shown: PublicMessage = {
    id: message.id,
    content: message.content,
    message_type: MESSAGE_TYPES.indexOf(message.message_type),
    content_type: message.content_type,
    content_attributes: message.content_attributes,
    created_at: message.created_at,
    conversation_id: message.conversation_id,
  };
  if (message.attachments.length > 0) shown.attachments = message.attachments;
  if (message.sender) shown.sender = message.sender;
  return shown;
}

export function toPublicConversation(
  conversation: Conversation & { uuid: string },
  messages: Message[],
  contact: PublicConversationContact,
): PublicConversation {
  return {
    id: conversation.id,
    uuid: conversation.uuid,
    inbox_id: conversation.inbox_id,
    contact_last_seen_at: conversation.contact_last_seen_at,
    status: conversation.status,
    agent_last_seen_at: conversation.agent_last_seen_at,
    messages: messages.map(toPublicMessage),
    contact,
  };
}
