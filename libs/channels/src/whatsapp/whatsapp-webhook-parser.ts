import { mapProviderStatus, type ChannelStatus } from '../port/delivery-status';
import type { InboundAttachment, InboundMessage } from '../port/inbound-message';
import { markedMessageId } from '../port/send-marker';

const STATUSES: Record<string, ChannelStatus> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
};
const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'] as const;

interface WhatsAppError {
  code?: number;
  title?: string;
  message?: string;
}

interface WhatsAppMessage {
  from: string;
  id: string;
  timestamp?: string;
  type: string;
  context?: { id?: string };
  text?: { body?: string };
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
  contacts?: Array<{ name?: { formatted_name?: string }; phones?: Array<{ phone?: string }> }>;
  reaction?: { message_id?: string; emoji?: string };
  button?: { payload?: string; text?: string };
  interactive?: {
    type?: string;
    button_reply?: { id: string; title: string };
    list_reply?: { id: string; title: string };
  };
  errors?: WhatsAppError[];
  [media: string]: unknown;
}

interface WhatsAppChange {
  field?: string;
  value?: {
    contacts?: Array<{ wa_id?: string; profile?: { name?: string } }>;
    messages?: WhatsAppMessage[];
    statuses?: Array<{
      id: string;
      status: string;
      recipient_id?: string;
      errors?: WhatsAppError[];
      biz_opaque_callback_data?: string;
    }>;
  };
}

interface MediaRef {
  id: string;
  mime_type?: string;
  filename?: string;
  caption?: string;
}

/** Fetches one media id's bytes from the provider (the adapter's Graph calls). */
export type MediaFetcher = (mediaId: string) => Promise<{ content: Buffer; contentType: string }>;

/** `"<code>: <title>"`, as `external_error` shows it. */
function errorText(errors: WhatsAppError[] | undefined): string | null {
  const error = errors?.[0];
  return error ? `${error.code ?? 'error'}: ${error.title ?? error.message ?? 'unknown error'}` : null;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'video/mp4': 'mp4',
  'application/pdf': 'pdf',
};

/** Text and attributes of a message that is not media (media adds its caption and file). */
function describe(message: WhatsAppMessage): { content: string | null; attributes: Record<string, unknown> } {
  switch (message.type) {
    case 'text':
      return { content: message.text?.body ?? '', attributes: {} };
    case 'location': {
      const place = message.location ?? {};
      return {
        content: [place.name, place.address].filter(Boolean).join(', ') || null,
        attributes: { location: place },
      };
    }
    case 'contacts':
      return {
        content: (message.contacts ?? [])
          .map((contact) => contact.name?.formatted_name ?? '')
          .filter(Boolean)
          .join(', '),
        attributes: { contacts: message.contacts ?? [] },
      };
    case 'reaction':
      return {
        content: message.reaction?.emoji ?? '',
        attributes: { is_reaction: true, in_reply_to_external_id: message.reaction?.message_id ?? null },
      };
    case 'button':
      return { content: message.button?.text ?? '', attributes: { button_payload: message.button?.payload ?? null } };
    case 'interactive': {
      const reply = message.interactive?.button_reply ?? message.interactive?.list_reply;
      return {
        content: reply?.title ?? '',
        attributes: { submitted_values: reply ? [{ title: reply.title, value: reply.id }] : [] },
      };
    }
    default:
      return (MEDIA_TYPES as readonly string[]).includes(message.type)
        ? { content: (message[message.type] as MediaRef | undefined)?.caption ?? null, attributes: {} }
        : { content: null, attributes: { unsupported_type: message.type, errors: message.errors ?? [] } };
  }
}

/**
 * The messages and statuses of a WhatsApp Cloud webhook: every entry, change, message and
 * status (not only the first); media fetched through `fetchMedia`. Reactions, interactive
 * replies, locations, contacts and unsupported types are kept in `contentAttributes`.
 */
export async function parseWhatsAppWebhook(body: unknown, fetchMedia: MediaFetcher): Promise<InboundMessage[]> {
  const entries = (body as { entry?: Array<{ changes?: WhatsAppChange[] }> } | null)?.entry ?? [];
  const parsed: InboundMessage[] = [];
  for (const change of entries.flatMap((entry) => entry.changes ?? [])) {
    const value = change.value ?? {};
    const names = new Map((value.contacts ?? []).map((contact) => [contact.wa_id, contact.profile?.name ?? null]));
    for (const status of value.statuses ?? []) {
      const mapped = mapProviderStatus(STATUSES, status.status);
      if (!mapped) continue;
      parsed.push({
        kind: 'status_update',
        sourceId: null,
        sender: { identity: status.recipient_id ?? '', name: null },
        content: null,
        contentAttributes: {},
        attachments: [],
        threading: { repliesTo: [], conversationUuid: null },
        statusChange: {
          providerMessageId: status.id,
          status: mapped,
          error: errorText(status.errors),
          sentMessageId: markedMessageId(status.biz_opaque_callback_data),
        },
      });
    }
    for (const message of value.messages ?? []) {
      const { content, attributes } = describe(message);
      const attachments: InboundAttachment[] = [];
      const media = (MEDIA_TYPES as readonly string[]).includes(message.type)
        ? (message[message.type] as MediaRef | undefined)
        : undefined;
      if (media?.id) {
        const file = await fetchMedia(media.id);
        const contentType = media.mime_type?.split(';')[0].trim() || file.contentType;
        attachments.push({
          filename: media.filename ?? `${message.type}-${media.id}.${EXTENSIONS[contentType] ?? 'bin'}`,
          contentType,
          size: file.content.length,
          content: file.content,
          contentId: null,
        });
      }
      if (message.context?.id) attributes['in_reply_to_external_id'] ??= message.context.id;
      parsed.push({
        kind: 'message',
        sourceId: message.id,
        sender: { identity: message.from, name: names.get(message.from) ?? null },
        content,
        contentAttributes: attributes,
        attachments,
        threading: { repliesTo: message.context?.id ? [message.context.id] : [], conversationUuid: null },
        statusChange: null,
      });
    }
  }
  return parsed;
}
