import {
  DEFAULT_MESSAGE_TYPE,
  MessageErrors,
  type ChannelType,
  type ContentType,
  type CreateMessageInput,
} from '@parley/contracts';
import { DomainError } from '@parley/service-kit';
import type { NewMessage } from './message.writer';
import { canReplyAt } from './messaging-window.rules';
import { templateContent } from './template.rules';

/** Channels that can show interactive `input_select` messages (WhatsApp as buttons or a list, Telegram as an inline keyboard). */
const INTERACTIVE_CHANNELS: readonly ChannelType[] = ['Channel::WebWidget', 'Channel::BotChat', 'Channel::MobileChat'];

/** Where a message is written: its inbox's channel, its conversation, who writes it. */
export interface MessageSetting {
  channel: ChannelType;
  /** The contact's last incoming message in the conversation (none in a new one). */
  lastIncomingAt: Date | null;
  contactId: number;
  userId: number;
}

export function assertContentAllowed(
  contentType: ContentType,
  attributes: Record<string, unknown>,
  channel: ChannelType,
): void {
  if (contentType !== 'input_select') return;
  if (!INTERACTIVE_CHANNELS.includes(channel)) {
    throw new DomainError(
      MessageErrors.contentTypeUnsupported,
      `input_select messages are not supported on ${channel}`,
      ['content_type'],
    );
  }
  const items = attributes.items;
  const valid =
    Array.isArray(items) &&
    items.length > 0 &&
    items.every(
      (item) =>
        item &&
        typeof item === 'object' &&
        typeof (item as { title?: unknown }).title === 'string' &&
        typeof (item as { value?: unknown }).value === 'string',
    );
  if (!valid)
    throw new DomainError(
      MessageErrors.selectItemsInvalid,
      'input_select needs content_attributes.items: a list of {title, value} strings',
      ['content_attributes'],
    );
}

/**
 * A requested message turned into the message to write, with the channel's rules: the one
 * path of every message an agent or API client creates, a conversation's opening one included.
 */
export function composeMessage(input: CreateMessageInput, setting: MessageSetting, now = new Date()): NewMessage {
  const messageType = input.message_type ?? DEFAULT_MESSAGE_TYPE;
  if (messageType === 'activity')
    throw new DomainError(MessageErrors.activityNotWritable, 'Activity messages are written by the system only', [
      'message_type',
    ]);
  const contentType = input.content_type ?? 'text';
  const contentAttributes = input.content_attributes ?? {};
  assertContentAllowed(contentType, contentAttributes, setting.channel);
  const isPrivate = input.private ?? false;
  let content = input.content ?? null;
  let type = messageType;
  if (input.template_params) {
    content = templateContent(content, input.template_params);
    type = 'template';
  } else if (messageType === 'template') {
    throw new DomainError(MessageErrors.templateRequired, 'Template messages need template_params', [
      'template_params',
    ]);
  } else if (messageType === 'outgoing' && !isPrivate && !canReplyAt(setting.channel, setting.lastIncomingAt, now)) {
    throw new DomainError(
      MessageErrors.windowClosed,
      'The 24-hour messaging window is closed: send an approved template (template_params) to reach this contact',
      ['template_params'],
    );
  }
  if (!content?.trim() && !input.files?.length && type !== 'template' && contentType === 'text') {
    throw new DomainError(MessageErrors.contentBlank, "Content can't be blank without attachments", ['content']);
  }
  const incoming = type === 'incoming';
  return {
    content,
    messageType: type,
    contentType,
    contentAttributes,
    private: incoming ? false : isPrivate,
    sourceId: input.source_id ?? null,
    echoId: input.echo_id ?? null,
    senderType: incoming ? 'contact' : 'user',
    senderId: incoming ? setting.contactId : setting.userId,
    templateParams: input.template_params ?? null,
    files: input.files,
  };
}
