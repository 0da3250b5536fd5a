import { mapProviderStatus, type ChannelStatus } from '../port/delivery-status';
import type { InboundAttachment, InboundMessage } from '../port/inbound-message';

/** Twilio's words onto Parley's statuses; `queued`, `sending`, `accepted`… change nothing. */
const STATUSES: Record<string, ChannelStatus> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
  undelivered: 'failed',
};

/** Fetches one `MediaUrl<n>` (Basic auth with the account's credentials). */
export type TwilioMediaFetcher = (url: string) => Promise<{ content: Buffer; contentType: string }>;

/** The form fields of a Twilio webhook (the last value of a repeated field). */
export function formFields(body: Buffer): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body.toString('utf8')));
}

/**
 * A Twilio webhook: a status callback (`MessageStatus` set) or an incoming message with its
 * media (`NumMedia`, `MediaUrl<n>`, `MediaContentType<n>`).
 */
export async function parseTwilioWebhook(
  fields: Record<string, string>,
  fetchMedia: TwilioMediaFetcher,
): Promise<InboundMessage[]> {
  const base = { attachments: [], threading: { repliesTo: [], conversationUuid: null } };
  if (fields['MessageStatus']) {
    const status = mapProviderStatus(STATUSES, fields['MessageStatus']);
    if (!status) return [];
    const error = fields['ErrorCode'] ? `${fields['ErrorCode']}: ${fields['ErrorMessage'] ?? 'delivery failed'}` : null;
    return [
      {
        ...base,
        kind: 'status_update',
        sourceId: null,
        sender: { identity: fields['To'] ?? '', name: null },
        content: null,
        contentAttributes: {},
        statusChange: { providerMessageId: fields['MessageSid'] ?? fields['SmsSid'] ?? '', status, error },
      },
    ];
  }
  const attachments: InboundAttachment[] = [];
  const count = Math.min(Number(fields['NumMedia'] ?? 0) || 0, 10);
  for (let index = 0; index < count; index++) {
    const url = fields[`MediaUrl${index}`];
    if (!url) continue;
    const file = await fetchMedia(url);
    const contentType = fields[`MediaContentType${index}`] || file.contentType;
    attachments.push({
      filename: `media-${index + 1}.${contentType.split('/')[1]?.split(/[;+]/)[0] || 'bin'}`,
      contentType,
      size: file.content.length,
      content: file.content,
      contentId: null,
    });
  }
  return [
    {
      ...base,
      attachments,
      kind: 'message',
      sourceId: fields['MessageSid'] ?? fields['SmsSid'] ?? null,
      sender: { identity: fields['From'] ?? '', name: fields['ProfileName'] || null },
      content: fields['Body'] ?? null,
      contentAttributes: {},
      statusChange: null,
    },
  ];
}
