import { SMTPServer } from 'smtp-server';
import { parseMail, type CapturedMail } from './captured-mail';

/** A local SMTP server that keeps every e-mail it receives, for end-to-end tests. */
export class SmtpCapture {
  readonly mails: CapturedMail[] = [];
  /** The same e-mails as they arrived, for tests that read every header and part. */
  readonly rawMails: { recipients: string[]; raw: Buffer }[] = [];
  private server: SMTPServer | null = null;

  async start(): Promise<number> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
          const raw = Buffer.concat(chunks);
          this.rawMails.push({ recipients, raw });
          this.mails.push(parseMail(raw.toString('latin1'), recipients));
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(0, '127.0.0.1', () => resolve());
    });
    const address = this.server.server.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
