import type { Message, Update } from 'grammy/types';
import type { InboundAttachment, InboundMessage } from '../port/inbound-message';

/** Fetches a Telegram file's bytes by its `file_id` (getFile, then the file URL). */
export type TelegramFileFetcher = (fileId: string) => Promise<{ content: Buffer; contentType: string }>;

/** The file of a message, largest photo size first; with its name and type as Telegram gives them. */
function fileOf(message: Message): { id: string; name: string; type: string | null } | null {
  if (message.photo?.length) {
    const largest = message.photo[message.photo.length - 1];
    return { id: largest.file_id, name: `photo-${largest.file_unique_id}.jpg`, type: 'image/jpeg' };
  }
  const file = message.document ?? message.video ?? message.audio ?? message.voice ?? message.animation;
  if (file)
    return {
      id: file.file_id,
      name: ('file_name' in file && file.file_name) || `file-${file.file_unique_id}`,
      type: file.mime_type ?? null,
    };
  if (message.sticker)
    return { id: message.sticker.file_id, name: `sticker-${message.sticker.file_unique_id}.webp`, type: 'image/webp' };
  return null;
}

function attributesOf(message: Message): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  if (message.location) attributes['location'] = message.location;
  if (message.contact) attributes['contacts'] = [message.contact];
  if (message.reply_to_message)
    attributes['in_reply_to_external_id'] = `${message.chat.id}:${message.reply_to_message.message_id}`;
  return attributes;
}

/**
 * A Telegram update as Parley's messages: a (business or edited) message, or a button pressed
 * on an inline keyboard (`callback_query`, whose data is the chosen value). The provider id is
 * `<chat id>:<message id>` (Telegram numbers messages per chat); the contact is the chat.
 */
export async function parseTelegramUpdate(update: Update, fetchFile: TelegramFileFetcher): Promise<InboundMessage[]> {
  const callback = update.callback_query;
  if (callback) {
    const chatId = callback.message?.chat.id ?? callback.from.id;
    return [
      {
        kind: 'message',
        sourceId: `callback:${callback.id}`,
        sender: { identity: String(chatId), name: nameOf(callback.from) },
        content: callback.data ?? '',
        contentAttributes: { submitted_values: [{ value: callback.data ?? '' }] },
        attachments: [],
        threading: { repliesTo: [], conversationUuid: null },
        statusChange: null,
      },
    ];
  }
  const edited = update.edited_message ?? update.edited_business_message;
  const message = update.message ?? update.business_message ?? edited;
  if (!message) return [];
  const attachments: InboundAttachment[] = [];
  const file = fileOf(message);
  if (file) {
    const fetched = await fetchFile(file.id);
    attachments.push({
      filename: file.name,
      contentType: file.type ?? fetched.contentType,
      size: fetched.content.length,
      content: fetched.content,
      contentId: null,
    });
  }
  const attributes = attributesOf(message);
  const known =
    message.text !== undefined || message.caption !== undefined || file || message.location || message.contact;
  if (!known) attributes['unsupported_type'] = Object.keys(message).find((key) => !BASE_KEYS.has(key)) ?? 'unknown';
  // An edit is its own delivery of the same message: it must not be taken for a redelivery.
  const sourceId = `${message.chat.id}:${message.message_id}${edited ? `:edit:${message.edit_date ?? update.update_id}` : ''}`;
  if (edited) attributes['edited'] = true;
  return [
    {
      kind: 'message',
      sourceId,
      sender: { identity: String(message.chat.id), name: message.from ? nameOf(message.from) : null },
      content: message.text ?? message.caption ?? null,
      contentAttributes: attributes,
      attachments,
      threading: { repliesTo: [], conversationUuid: null },
      statusChange: null,
    },
  ];
}

const BASE_KEYS = new Set(['message_id', 'from', 'chat', 'date', 'edit_date', 'business_connection_id', 'sender_chat']);

function nameOf(user: { first_name: string; last_name?: string }): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ');
}
