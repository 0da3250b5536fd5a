import { createTransport } from 'nodemailer';
import type { Readable } from 'node:stream';
import type { ChannelAdapter } from '../port/channel-adapter';
import type { InboundDelivery, InboundMessage, InboundVerdict } from '../port/inbound-message';
import type { SendOutcome, SendRequest } from '../port/outgoing-message';
import type { EmailChannelConfig, EmailChannelSettings } from './email-settings';
import { parseInboundEmail } from './inbound/inbound-email-parser';
import { composeEmail, type ComposedEmail } from './outgoing/email-composer';
import { classifySmtpError } from './outgoing/smtp-error-classifier';
import { smtpTransportOptions } from './outgoing/smtp-transport-options';

/** The e-mail channel: SMTP out (the inbox's server or `SMTP_URL`), raw RFC 5322 mail in. */
export class EmailChannel implements ChannelAdapter<EmailChannelSettings> {
  readonly channelType = 'Channel::Email' as const;

  constructor(private readonly config: EmailChannelConfig) {}

  async send(request: SendRequest<EmailChannelSettings>): Promise<SendOutcome> {
    const transport = smtpTransportOptions(request.inbox.settings, this.config.defaultSmtpUrl);
    if (!transport) return { outcome: 'permanent', externalError: 'channel not connected' };
    let composed: ComposedEmail;
    try {
      composed = await composeEmail(request, this.config);
    } catch (error) {
      // The attachments come from Parley's storage: a hiccup there is worth another attempt.
      return { outcome: 'transient', error: `attachment unavailable: ${(error as Error).message}` };
    }
    const transporter = createTransport(transport);
    try {
      await transporter.sendMail(composed.mail);
      return { outcome: 'sent', providerMessageId: composed.messageId };
    } catch (error) {
      return classifySmtpError(error);
    } finally {
      transporter.close();
      for (const attachment of composed.mail.attachments ?? []) (attachment.content as Readable).destroy();
    }
  }

  verify(delivery: InboundDelivery): InboundVerdict {
    return delivery.body.length > this.config.maxInboundBytes
      ? {
          verified: false,
          reason: `e-mail of ${delivery.body.length} bytes exceeds the limit of ${this.config.maxInboundBytes} bytes`,
        }
      : { verified: true };
  }

  async parse(delivery: InboundDelivery): Promise<InboundMessage[]> {
    return [
      await parseInboundEmail(delivery.body, {
        maxBytes: this.config.maxInboundBytes,
        inboundDomain: this.config.inboundDomain,
        recipients: delivery.recipients,
      }),
    ];
  }
}
