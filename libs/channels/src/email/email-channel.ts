import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { connect, type Socket } from 'node:net';
import type { Readable } from 'node:stream';
import type { ChannelAdapter } from '../port/channel-adapter';
import type { InboundDelivery, InboundMessage, InboundVerdict } from '../port/inbound-message';
import type { SendOutcome, SendRequest } from '../port/outgoing-message';
import type { EmailChannelConfig, EmailChannelSettings } from './email-settings';
import { parseInboundEmail } from './inbound/inbound-email-parser';
import { composeEmail, type ComposedEmail } from './outgoing/email-composer';
import { classifySmtpError } from './outgoing/smtp-error-classifier';
import { smtpTransportOptions } from './outgoing/smtp-transport-options';

/** As nodemailer's own connection timeout, which does not apply to a socket handed to it. */
const CONNECT_TIMEOUT_MS = 10_000;

type SocketCallback = (error: Error | null, options?: { connection: Socket }) => void;

/** The e-mail channel: SMTP out (the inbox's server or `SMTP_URL`), raw RFC 5322 mail in. */
export class EmailChannel implements ChannelAdapter<EmailChannelSettings> {
  readonly channelType = 'Channel::Email' as const;
  /** A second send carries the same Message-ID, which mail clients deduplicate. */
  readonly unknownOutcome = 'resend' as const;

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
    // Parley opens the socket itself, so a send past its time limit can be cut off mid-answer.
    let socket: Socket | null = null;
    // Loaded at the first send, not at boot (as the kit's SmtpTransport): 0.8 MB of code.
    const { createTransport } = require('nodemailer') as typeof import('nodemailer');
    const transporter = createTransport({
      ...transport,
      getSocket: (options: { host?: string; port?: number }, callback: SocketCallback) => {
        const opened = connect({ host: options.host ?? 'localhost', port: options.port ?? 25 });
        socket = opened;
        const failed = (error: Error) => callback(error);
        opened.once('error', failed);
        opened.setTimeout(CONNECT_TIMEOUT_MS, () => opened.destroy(new Error('SMTP connection timed out')));
        opened.once('connect', () => {
          opened.setTimeout(0);
          opened.off('error', failed);
          callback(null, { connection: opened });
        });
      },
    } as SMTPTransport.Options);
    let timer: NodeJS.Timeout | undefined;
    const limit = this.config.sendTimeoutMs;
    const timedOut = new Promise<SendOutcome>((resolve) => {
      if (limit)
        timer = setTimeout(() => {
          (socket as Socket | null)?.destroy();
          resolve({ outcome: 'transient', error: `send timed out after ${limit} ms` });
        }, limit);
    });
    try {
      return await Promise.race([
        transporter.sendMail(composed.mail).then(
          (): SendOutcome => ({ outcome: 'sent', providerMessageId: composed.messageId }),
          (error: unknown) => classifySmtpError(error),
        ),
        timedOut,
      ]);
    } finally {
      clearTimeout(timer);
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
