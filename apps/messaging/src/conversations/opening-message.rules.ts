import type { CreateConversationInput } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';
import { composeMessage, type MessageSetting } from './message-input.rules';
import type { NewMessage } from './message.writer';

/**
 * The message a conversation starts with — none without text or an approved template — checked
 * as a message created in the new conversation would be (its channel's window, template and
 * content rules); a refusal names the request's fields under `message.`.
 */
export function openingMessage(
  message: CreateConversationInput['message'],
  setting: Omit<MessageSetting, 'lastIncomingAt'>,
): NewMessage | null {
  if (!message?.content && !message?.template_params) return null;
  try {
    // A new conversation: its customer has not written in it, so the messaging window is closed.
    const input = {
      content: message.content,
      message_type: message.message_type,
      template_params: message.template_params,
    };
    return composeMessage(input, { ...setting, lastIncomingAt: null });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    throw new DomainError(
      error.code,
      error.message,
      error.attributes?.map((attribute) => `message.${attribute}`),
    );
  }
}
