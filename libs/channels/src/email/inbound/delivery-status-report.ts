import type { Attachment } from 'mailparser';
import { stripAngleBrackets } from '../outgoing/email-message-id';

/** What a delivery-status report (RFC 3464) says about the message it returns. */
export interface DeliveryReport {
  /** True when a recipient's action is `failed` (a `delayed` or `delivered` report is news only). */
  failed: boolean;
  /** The Message-ID of the returned message, without angle brackets, when the report includes it. */
  originalMessageId: string | null;
  /** The remote server's diagnostic, else the status code. */
  reason: string;
}

/** The report's field blocks (one per message, then one per recipient), names in lower case. */
function fieldBlocks(text: string): Map<string, string>[] {
  return text
    .replace(/\r\n/g, '\n')
    .replace(/\n[ \t]+/g, ' ')
    .split(/\n\s*\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      return fields;
    });
}

/** `smtp; 550 5.1.1 …` → `550 5.1.1 …` (the diagnostic type is not for people). */
function withoutType(value: string): string {
  return value.replace(/^[a-z0-9-]+\s*;\s*/i, '');
}

async function originalMessageIdOf(attachments: Attachment[]): Promise<string | null> {
  const returned = attachments.find(
    (part) => part.contentType === 'text/rfc822-headers' || part.contentType === 'message/rfc822',
  );
  if (!returned) return null;
  const { simpleParser } = require('mailparser') as typeof import('mailparser');
  const headers = await simpleParser(returned.content, { skipHtmlToText: true, skipTextToHtml: true });
  return headers.messageId ? stripAngleBrackets(headers.messageId) : null;
}

/** Reads the `message/delivery-status` part of a report, parsed with `keepDeliveryStatus`. */
export async function readDeliveryReport(attachments: Attachment[]): Promise<DeliveryReport | null> {
  const status = attachments.find((part) => part.contentType === 'message/delivery-status');
  if (!status) return null;
  const recipients = fieldBlocks(status.content.toString('utf8')).filter((fields) => fields.has('action'));
  const failedRecipient = recipients.find((fields) => fields.get('action')!.toLowerCase() === 'failed');
  const subject = failedRecipient ?? recipients[0];
  const diagnostic = subject?.get('diagnostic-code');
  const recipient = subject?.get('final-recipient');
  const reason = diagnostic
    ? withoutType(diagnostic)
    : `delivery ${subject?.get('action') ?? 'failed'}${subject?.get('status') ? ` (status ${subject.get('status')})` : ''}${recipient ? ` for ${withoutType(recipient)}` : ''}`;
  return { failed: !!failedRecipient, originalMessageId: await originalMessageIdOf(attachments), reason };
}
