import { DEFAULT_MESSAGE_TYPE, type CreateConversationInput } from '@parley/contracts';
import type { NewMessage } from './message.writer';
import { templateContent } from './template.rules';

/** The message a conversation starts with: its text, or an approved template (its text optional); none without either. */
export function openingMessage(message: CreateConversationInput['message'], contactId: number, userId: number): NewMessage | null {
  if (message?.template_params) {
    return { content: templateContent(message.content, message.template_params), messageType: 'template', senderType: 'user', senderId: userId, templateParams: message.template_params };
  }
  if (!message?.content) return null;
  const incoming = message.message_type === 'incoming';
  return { content: message.content, messageType: message.message_type ?? DEFAULT_MESSAGE_TYPE, senderType: incoming ? 'contact' : 'user', senderId: incoming ? contactId : userId };
}
