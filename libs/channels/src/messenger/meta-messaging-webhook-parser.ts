import type { InboundAttachment, InboundMessage } from '../port/inbound-message';
import { markedMessageId } from '../port/send-marker';

interface MessagingEvent {
  sender?: { id?: string };
  recipient?: { id?: string };
  timestamp?: number;
  message?: {
    mid?: string;
    text?: string;
    is_echo?: boolean;
    metadata?: string;
    quick_reply?: { payload?: string };
    reply_to?: { mid?: string };
    attachments?: Array<{ type?: string; payload?: { url?: string } }>;
  };
  postback?: { mid?: string; title?: string; payload?: string };
  delivery?: { mids?: string[]; watermark?: number };
  read?: { watermark?: number };
}

/** Fetches an attachment's public URL (Meta's CDN links need no token). */
export type UrlFetcher = (url: string) => Promise<{ content: Buffer; contentType: string }>;

const FILE_TYPES: Record<string, string> = { image: 'image', video: 'video', audio: 'audio', file: 'file' };

const base = {
  contentAttributes: {},
  attachments: [],
  threading: { repliesTo: [], conversationUuid: null },
  statusChange: null,
};

/**
 * A Messenger or Instagram webhook: messages (with attachments and quick replies), postbacks,
 * echoes of the business's own sends (`is_echo`: the contact is the recipient) and delivery
 * and read receipts (by message id, or a watermark: everything up to then). Every entry and
 * every event (`messaging`, or `standby` when another app holds the thread).
 */
export async function parseMetaMessagingWebhook(body: unknown, fetchUrl: UrlFetcher): Promise<InboundMessage[]> {
  const entries =
    (body as { entry?: Array<{ messaging?: MessagingEvent[]; standby?: MessagingEvent[] }> } | null)?.entry ?? [];
  const parsed: InboundMessage[] = [];
  for (const event of entries.flatMap((entry) => [...(entry.messaging ?? []), ...(entry.standby ?? [])])) {
    const contact = (event.message?.is_echo ? event.recipient?.id : event.sender?.id) ?? '';
    if (event.delivery || event.read) {
      const mids = event.delivery?.mids ?? [];
      const status = event.read ? ('read' as const) : ('delivered' as const);
      for (const mid of mids)
        parsed.push({
          ...base,
          kind: 'status_update',
          sourceId: null,
          sender: { identity: contact, name: null },
          content: null,
          statusChange: { providerMessageId: mid, status, error: null },
        });
      const watermark = event.read?.watermark ?? (mids.length ? undefined : event.delivery?.watermark);
      if (watermark)
        parsed.push({
          ...base,
          kind: 'status_update',
          sourceId: null,
          sender: { identity: contact, name: null },
          content: null,
          statusChange: { providerMessageId: '', status, error: null, watermark: { contact, upTo: watermark } },
        });
      continue;
    }
    if (event.postback) {
      parsed.push({
        ...base,
        kind: 'message',
        sourceId: event.postback.mid ?? `postback:${contact}:${event.timestamp ?? 0}`,
        sender: { identity: contact, name: null },
        content: event.postback.title ?? event.postback.payload ?? '',
        contentAttributes: {
          submitted_values: [{ title: event.postback.title ?? null, value: event.postback.payload ?? null }],
        },
      });
      continue;
    }
    const message = event.message;
    if (!message?.mid) continue;
    const attachments: InboundAttachment[] = [];
    const unsupported: string[] = [];
    for (const [index, attachment] of (message.attachments ?? []).entries()) {
      const kind = FILE_TYPES[attachment.type ?? ''];
      if (!kind || !attachment.payload?.url) {
        unsupported.push(attachment.type ?? 'unknown');
        continue;
      }
      const file = await fetchUrl(attachment.payload.url);
      attachments.push({
        filename: `${kind}-${index + 1}.${file.contentType.split('/')[1]?.split(/[;+]/)[0] || 'bin'}`,
        contentType: file.contentType,
        size: file.content.length,
        content: file.content,
        contentId: null,
      });
    }
    const attributes: Record<string, unknown> = {};
    if (message.quick_reply?.payload)
      attributes['submitted_values'] = [{ title: message.text ?? null, value: message.quick_reply.payload }];
    if (message.reply_to?.mid) attributes['in_reply_to_external_id'] = message.reply_to.mid;
    if (unsupported.length) attributes['unsupported_attachments'] = unsupported;
    parsed.push({
      ...base,
      kind: 'message',
      sourceId: message.mid,
      sender: { identity: contact, name: null },
      content: message.text ?? null,
      contentAttributes: attributes,
      attachments,
      echo: message.is_echo === true,
      sentMessageId: message.is_echo === true ? markedMessageId(message.metadata) : undefined,
    });
  }
  return parsed;
}
