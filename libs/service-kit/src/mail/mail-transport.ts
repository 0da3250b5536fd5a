import { Logger } from '@nestjs/common';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Sends through the SMTP server of `SMTP_URL` (smtp:// or smtps://, credentials in the URL). */
export class SmtpTransport implements MailTransport {
  private readonly transporter: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    // Loaded here, not at boot: most services never send mail, and without SMTP_URL none does.
    const { createTransport } = require('nodemailer') as typeof import('nodemailer');
    this.transporter = createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transporter.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
  }

  close(): void {
    this.transporter.close();
  }
}

/** Without SMTP: every e-mail becomes one structured log line, so nothing is dropped silently. */
export class LogTransport implements MailTransport {
  private readonly logger = new Logger('Mail');

  async send(message: MailMessage): Promise<void> {
    this.logger.log(`mail to ${message.to}: ${JSON.stringify({ mail: message })}`);
  }

  close(): void {
    // nothing to release
  }
}
