import { Logger } from '@nestjs/common';
import { Client } from 'pg';

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;

/**
 * Wakes a poller when work is added, by any replica, right after the adding transaction commits:
 * the writer runs `pg_notify(<channel>, '')` in its transaction and PostgreSQL delivers it at
 * commit, so new work waits for neither the poll interval nor a poll that would run before the
 * commit. One connection of its own (LISTEN needs a session); while it is down the poll interval
 * still finds everything.
 */
export class CommitNotifications {
  private readonly logger = new Logger(CommitNotifications.name);
  private client: Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private retryMs = RECONNECT_MIN_MS;
  private closed = true;

  /** `channel`: a PostgreSQL identifier, named after the queue it announces. */
  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
  ) {}

  listen(onDue: () => void): void {
    this.closed = false;
    void this.connect(onDue);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(onDue: () => void): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl, application_name: `${this.channel}_listener` });
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.logger.warn(
        `Lost the ${this.channel} notification connection${error ? `: ${error.message}` : ''}; polling only until it is back`,
      );
      this.retry = setTimeout(() => void this.connect(onDue), this.retryMs);
      this.retryMs = Math.min(RECONNECT_MAX_MS, this.retryMs * 2);
    };
    this.client = client;
    client.on('notification', () => onDue());
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      this.retryMs = RECONNECT_MIN_MS;
      // Whatever was announced while not listening.
      onDue();
    } catch (error) {
      lost(error as Error);
    }
  }
}
