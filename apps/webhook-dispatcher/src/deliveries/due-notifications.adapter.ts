import { Inject, Injectable, Logger } from '@nestjs/common';
import { SERVICE_CONFIG, type ServiceConfig } from '@parley/service-kit';
import { Client } from 'pg';

/** Announced (pg_notify) by every transaction that adds deliveries; PostgreSQL sends it when that transaction commits. */
export const DELIVERIES_DUE_CHANNEL = 'webhook_dispatcher_deliveries_due';

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 10_000;

/**
 * Wakes the poller when deliveries are added, by any replica, right after their transaction
 * commits — so a new delivery waits for neither the poll interval nor a poll that would run
 * before the commit. One connection of its own (LISTEN needs a session); while it is down the
 * poll interval still finds everything.
 */
@Injectable()
export class DueNotificationsAdapter {
  private readonly logger = new Logger(DueNotificationsAdapter.name);
  private client: Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private retryMs = RECONNECT_MIN_MS;
  private closed = true;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: ServiceConfig) {}

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
    const client = new Client({
      connectionString: this.config.database!.url,
      application_name: `${this.config.database!.schema}_listener`,
    });
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.logger.warn(
        `Lost the notification connection${error ? `: ${error.message}` : ''}; polling only until it is back`,
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
      await client.query(`LISTEN ${DELIVERIES_DUE_CHANNEL}`);
      this.retryMs = RECONNECT_MIN_MS;
      // Whatever was announced while not listening.
      onDue();
    } catch (error) {
      lost(error as Error);
    }
  }
}
