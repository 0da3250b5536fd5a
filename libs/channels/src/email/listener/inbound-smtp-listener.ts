import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** One accepted e-mail, as the sending server handed it over. */
export interface ReceivedEmail {
  raw: Buffer;
  /** MAIL FROM (empty for bounces). */
  mailFrom: string;
  /** RCPT TO, each accepted by `acceptsRecipient`, in lower case. */
  recipients: string[];
  remoteAddress: string;
}

export interface InboundSmtpListenerOptions {
  /** Whether Parley receives mail for this address (an inbox's `email`, `forward_to_email` or a `reply+` address). */
  acceptsRecipient(address: string): Promise<boolean> | boolean;
  /** Stores the mail durably; the sender hears 250 only once this resolves (451 when it throws, so it retries). */
  onEmail(email: ReceivedEmail): Promise<void>;
  maxMessageBytes: number;
  /** Offered through STARTTLS when given (PEM). */
  tls?: { key: string | Buffer; cert: string | Buffer };
  /** The name in the greeting. */
  hostname?: string;
  /** Simultaneous connections at most. */
  maxClients?: number;
  onError?(error: Error): void;
}

function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}

/**
 * Parley's inbound SMTP server (MX or forwarding target). Never an open relay: a recipient
 * Parley does not serve gets 550 at RCPT TO. No AUTH: nobody sends through it.
 */
export class InboundSmtpListener {
  private readonly server: SMTPServer;

  constructor(private readonly options: InboundSmtpListenerOptions) {
    this.server = new SMTPServer({
      name: options.hostname,
      banner: 'Parley inbound mail',
      size: options.maxMessageBytes,
      authOptional: true,
      disabledCommands: options.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
      key: options.tls?.key,
      cert: options.tls?.cert,
      maxClients: options.maxClients ?? 100,
      logger: false,
      onRcptTo: (address, _session, callback) => {
        Promise.resolve()
          .then(() => options.acceptsRecipient(address.address.toLowerCase()))
          .then(
            (accepted) =>
              callback(accepted ? null : smtpError(550, `5.1.1 <${address.address}>: no such recipient here`)),
            (error: Error) => {
              options.onError?.(error);
              callback(smtpError(451, '4.3.0 recipient check unavailable, try again later'));
            },
          );
      },
      onData: (stream, session, callback) => this.receive(stream, session, callback),
    });
    this.server.on('error', (error) => options.onError?.(error));
  }

  /** Starts listening; resolves with the port (useful with port 0). */
  async listen(port: number, host = '0.0.0.0'): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.server.off('error', reject);
        resolve();
      });
    });
    return (this.server.server.address() as AddressInfo).port;
  }

  /** Stops accepting connections and waits for the open ones to end. */
  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private receive(
    stream: SMTPServerDataStream,
    session: SMTPServerSession,
    callback: (error?: Error | null) => void,
  ): void {
    const chunks: Buffer[] = [];
    let bytes = 0;
    stream.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      // Past the limit the rest is read and dropped, never held.
      if (bytes <= this.options.maxMessageBytes) chunks.push(chunk);
    });
    stream.on('error', (error) => callback(error));
    stream.on('end', () => {
      if (stream.sizeExceeded)
        return callback(smtpError(552, `5.3.4 message exceeds the limit of ${this.options.maxMessageBytes} bytes`));
      const email: ReceivedEmail = {
        raw: Buffer.concat(chunks),
        mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
        remoteAddress: session.remoteAddress,
      };
      this.options.onEmail(email).then(
        () => callback(),
        (error: Error) => {
          this.options.onError?.(error);
          callback(smtpError(451, '4.3.0 message not stored, try again later'));
        },
      );
    });
  }
}
