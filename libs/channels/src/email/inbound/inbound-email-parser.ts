import { createHash } from 'node:crypto';
import type { AddressObject, ParsedMail } from 'mailparser';
import type { InboundKind, InboundMessage, StatusChange } from '../../port/inbound-message';
import { stripAngleBrackets } from '../outgoing/email-message-id';
import { conversationOfReplyAddress } from '../reply-address';
import { isAutoReply, isDeliveryReport } from './automatic-mail';
import { readDeliveryReport } from './delivery-status-report';
import { sanitizeEmailHtml } from './email-html-sanitizer';
import { visibleReply } from './quoted-reply';

export interface InboundEmailOptions {
  maxBytes: number;
  /** `MAIL_INBOUND_DOMAIN`: only `reply+` addresses at it name a conversation. */
  inboundDomain?: string | null;
  /** The envelope recipients (RCPT TO), which name Parley when the mail was forwarded or Bcc'd. */
  recipients?: string[];
}

/** An e-mail that cannot become a message: larger than the limit, or from no address. */
export class UnusableEmailError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UnusableEmailError';
  }
}

/** Parts of a delivery-status report that are the report itself, not attachments of a message. */
const REPORT_PARTS = ['message/delivery-status', 'text/rfc822-headers'];

function addresses(field: AddressObject | AddressObject[] | undefined): { address: string; name: string }[] {
  return [field ?? []]
    .flat()
    .flatMap((object) => object.value)
    .flatMap((entry) => (entry.group ? entry.group : [entry]))
    .filter((entry) => !!entry.address)
    .map((entry) => ({ address: entry.address!.toLowerCase(), name: entry.name }));
}

/** Recipients named by trace headers (`Delivered-To`, `X-Original-To`), which mailparser may leave as text. */
function headerAddresses(mail: ParsedMail, name: string): string[] {
  return [mail.headers.get(name) ?? []]
    .flat()
    .flatMap((value) =>
      typeof value === 'string'
        ? [stripAngleBrackets(value)]
        : addresses(value as AddressObject).map((entry) => entry.address),
    );
}

/** In-Reply-To first, then References newest first: the ids a reply may thread on. */
function repliesTo(mail: ParsedMail): string[] {
  const references = [mail.references ?? []].flat().reverse();
  const ids = [mail.inReplyTo ?? '', ...references]
    .flatMap((value) => value.split(/\s+/))
    .map(stripAngleBrackets)
    .filter(Boolean);
  return [...new Set(ids)];
}

async function kindOf(mail: ParsedMail): Promise<{ kind: InboundKind; statusChange: StatusChange | null }> {
  if (isDeliveryReport(mail.headers)) {
    const report = await readDeliveryReport(mail.attachments);
    if (report?.failed) {
      return {
        kind: 'bounce',
        statusChange: report.originalMessageId
          ? { providerMessageId: report.originalMessageId, status: 'failed', error: report.reason }
          : null,
      };
    }
    return { kind: 'auto_reply', statusChange: null };
  }
  // A bounce in no standard form names no message reliably: it only must not open a conversation.
  if (mail.headers.has('x-failed-recipients')) return { kind: 'bounce', statusChange: null };
  return { kind: isAutoReply(mail.headers) ? 'auto_reply' : 'message', statusChange: null };
}

/**
 * One raw e-mail (RFC 5322) as an inbound message: the sender, the new text of the reply, the
 * full text and sanitised HTML in `content_attributes.email`, attachments, threading keys, and
 * whether it is a bounce or an automatic answer.
 */
export async function parseInboundEmail(raw: Buffer, options: InboundEmailOptions): Promise<InboundMessage> {
  if (raw.length > options.maxBytes)
    throw new UnusableEmailError(`e-mail of ${raw.length} bytes exceeds the limit of ${options.maxBytes} bytes`);
  // Loaded at the first e-mail, not at boot: mailparser and its decoders are 1 MB of code.
  const { simpleParser } = require('mailparser') as typeof import('mailparser');
  const mail = await simpleParser(raw, { keepDeliveryStatus: true, skipTextToHtml: true, keepCidLinks: true });
  const from = addresses(mail.from)[0];
  if (!from) throw new UnusableEmailError('e-mail without a sender address');
  const to = addresses(mail.to).map((entry) => entry.address);
  const cc = addresses(mail.cc).map((entry) => entry.address);
  const text = mail.text ?? '';
  const html = typeof mail.html === 'string' ? sanitizeEmailHtml(mail.html) : null;
  const { kind, statusChange } = await kindOf(mail);
  const recipients = [
    ...(options.recipients ?? []),
    ...to,
    ...cc,
    ...headerAddresses(mail, 'delivered-to'),
    ...headerAddresses(mail, 'x-original-to'),
  ];
  return {
    kind,
    // Without a Message-ID the mail's own bytes identify it, so a second copy is still one message.
    sourceId: mail.messageId
      ? stripAngleBrackets(mail.messageId)
      : `sha256.${createHash('sha256').update(raw).digest('hex')}@parley.invalid`,
    sender: { identity: from.address, name: from.name || null },
    content: visibleReply(text) || null,
    contentAttributes: {
      email: {
        from: [from.address],
        to,
        cc,
        subject: mail.subject ?? null,
        in_reply_to: mail.inReplyTo ? stripAngleBrackets(mail.inReplyTo) : null,
        text_content: text,
        html_content: html,
      },
    },
    attachments: mail.attachments
      .filter(
        (part) =>
          !REPORT_PARTS.includes(part.contentType) && !(kind === 'bounce' && part.contentType === 'message/rfc822'),
      )
      .map((part) => ({
        filename: part.filename ?? 'attachment',
        contentType: part.contentType,
        size: part.size,
        content: part.content,
        contentId: part.cid ?? null,
      })),
    threading: {
      repliesTo: repliesTo(mail),
      conversationUuid: conversationOfReplyAddress(recipients, options.inboundDomain),
    },
    statusChange,
  };
}
