import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ServiceConfig } from '../config/service-config';
import { SERVICE_CONFIG } from '../config/tokens';
import { LogTransport, SmtpTransport, type MailTransport } from './mail-transport';

const BATCH_SIZE = 20;
const MAX_ATTEMPTS = 8;
const POLL_INTERVAL_MS = 1000;

interface MailRow {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
}

/**
 * Sends e-mails committed to the mail outbox: right after commit (kick) and by polling, with
 * back-off on failure (give up after MAX_ATTEMPTS, logged). A sent e-mail's body is erased,
 * since it may hold a one-time link.
 */
@Injectable()
export class MailRelay {
  private readonly logger = new Logger(MailRelay.name);
  private readonly table: string;
  private readonly transport: MailTransport;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
  ) {
    this.table = `"${config.database!.schema}".mail_outbox`;
    this.transport = config.mail.smtpUrl
      ? new SmtpTransport(config.mail.smtpUrl, config.mail.from)
      : new LogTransport();
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), POLL_INTERVAL_MS);
    this.kick();
  }

  kick(): void {
    if (!this.timer) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.sendDue().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.transport.close();
  }

  private async sendDue(): Promise<void> {
    try {
      await this.dataSource.transaction(async (tx) => {
        const rows: MailRow[] = await tx.query(
          `SELECT id, recipient, subject, body, attempts FROM ${this.table}
            WHERE sent_at IS NULL AND next_attempt_at <= now() AND attempts < ${MAX_ATTEMPTS}
            ORDER BY id LIMIT ${BATCH_SIZE} FOR UPDATE SKIP LOCKED`,
        );
        for (const row of rows) await this.sendOne(tx, row);
      });
    } catch (error) {
      this.logger.warn(`Mail relay pass failed, will retry: ${(error as Error).message}`);
    }
  }

  private async sendOne(tx: { query: DataSource['query'] }, row: MailRow): Promise<void> {
    try {
      await this.transport.send({ to: row.recipient, subject: row.subject, text: row.body });
      await tx.query(`UPDATE ${this.table} SET sent_at = now(), body = '', attempts = attempts + 1 WHERE id = $1`, [
        row.id,
      ]);
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = (error as Error).message;
      if (attempts >= MAX_ATTEMPTS)
        this.logger.error(`Giving up on e-mail ${row.id} to ${row.recipient} after ${attempts} attempts: ${message}`);
      await tx.query(
        `UPDATE ${this.table} SET attempts = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4) WHERE id = $1`,
        [row.id, attempts, message.slice(0, 1000), Math.min(3600, 5 * 2 ** attempts)],
      );
    }
  }
}
