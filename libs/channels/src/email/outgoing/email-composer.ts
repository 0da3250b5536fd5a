import type { Readable } from 'node:stream';
import type Mail from 'nodemailer/lib/mailer';
import type { OutgoingAttachment, SendRequest } from '../../port/outgoing-message';
import type { EmailChannelConfig, EmailChannelSettings } from '../email-settings';
import { emailMessageId } from './email-message-id';
import { markdownBody } from './markdown-body';
import { replyAddress } from '../reply-address';

export interface ComposedEmail {
  /** Parley's Message-ID, without angle brackets: the message's `source_id` once sent. */
  messageId: string;
  mail: Mail.Options;
}

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

function firstLine(content: string | null): string {
  return (content ?? '').trim().split(/\r?\n/, 1)[0].trim().slice(0, 200);
}

/** "Re: <subject>" for a reply; an e-mail that answers nothing (agent-started) carries the subject alone. */
function subjectOf(request: SendRequest<EmailChannelSettings>): string {
  const subject = (request.thread.subject ?? firstLine(request.message.content)).trim();
  const isReply = request.thread.inReplyTo !== null || request.thread.references.length > 0;
  return !isReply || /^re:/i.test(subject) ? subject : `Re: ${subject}`;
}

/** The References chain: the conversation's earlier ids, then the one answered, each once. */
function referencesOf(request: SendRequest<EmailChannelSettings>): string[] {
  const { references, inReplyTo } = request.thread;
  return [...new Set([...references, ...(inReplyTo ? [inReplyTo] : [])])];
}

/** Opens every attachment's stream, or none: a failure closes those already open. */
async function openAttachments(attachments: OutgoingAttachment[]): Promise<Mail.Attachment[]> {
  const opened: Mail.Attachment[] = [];
  try {
    for (const attachment of attachments)
      opened.push({
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: await attachment.open(),
      });
    return opened;
  } catch (error) {
    for (const attachment of opened) (attachment.content as Readable).destroy();
    throw error;
  }
}

/**
 * The e-mail of one outgoing message (decisions, "Channels › E-mail"): From the inbox's address
 * as "<agent> via <inbox>", threading headers from the conversation, Reply-To the
 * conversation's `reply+` address when an inbound domain is set, text and HTML from Markdown,
 * attachments streamed from the caller's storage.
 */
export async function composeEmail(
  request: SendRequest<EmailChannelSettings>,
  config: EmailChannelConfig,
): Promise<ComposedEmail> {
  const { message, thread, contact, inbox } = request;
  const from = inbox.settings.email;
  const messageId = emailMessageId(thread.conversationUuid, message.id, config.inboundDomain || domainOf(from));
  const references = referencesOf(request);
  const attachments = await openAttachments(request.message.attachments);
  return {
    messageId,
    mail: {
      from: { name: message.senderName ? `${message.senderName} via ${inbox.name}` : inbox.name, address: from },
      to: { name: contact.name ?? '', address: contact.address },
      replyTo: config.inboundDomain ? replyAddress(thread.conversationUuid, config.inboundDomain) : undefined,
      subject: subjectOf(request),
      messageId: `<${messageId}>`,
      inReplyTo: thread.inReplyTo ? `<${thread.inReplyTo}>` : undefined,
      references: references.length ? references.map((id) => `<${id}>`) : undefined,
      ...markdownBody(message.content),
      attachments,
    },
  };
}
