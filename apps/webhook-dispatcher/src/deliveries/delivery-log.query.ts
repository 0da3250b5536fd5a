import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { WEBHOOK_DELIVERIES_PAGE_SIZE, type WebhookDeliveryAttempt, type WebhookDeliveryPage } from '@parley/contracts';
import { DataSource } from 'typeorm';
import type { DeliveryAttemptRow } from './persistence/delivery-attempt.row';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toAttempt(row: DeliveryAttemptRow): WebhookDeliveryAttempt {
  return {
    id: Number(row.id),
    delivery_id: row.delivery_id,
    event_id: row.event_id,
    event: row.event,
    attempt: row.attempt,
    status_code: row.status_code,
    error: row.error,
    latency_ms: row.latency_ms,
    attempted_at: row.attempted_at.toISOString(),
    next_retry_at: row.next_attempt_at?.toISOString() ?? null,
    state: row.state,
  };
}

/** The attempts made for one webhook, newest first. */
@Injectable()
export class DeliveryLogQuery {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async page(webhookId: number, page = 1): Promise<WebhookDeliveryPage> {
    const [{ count }] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM webhook_dispatcher.delivery_attempts WHERE webhook_id = $1`,
      [webhookId],
    );
    const rows: DeliveryAttemptRow[] = await this.dataSource.query(
      `SELECT a.id, a.delivery_id, d.event_id, d.event, a.attempt, a.status_code, a.error, a.latency_ms, a.attempted_at, a.next_attempt_at, a.state
         FROM webhook_dispatcher.delivery_attempts a
         JOIN webhook_dispatcher.deliveries d ON d.id = a.delivery_id
        WHERE a.webhook_id = $1
        ORDER BY a.attempted_at DESC, a.id DESC
        LIMIT $2 OFFSET $3`,
      [webhookId, WEBHOOK_DELIVERIES_PAGE_SIZE, (page - 1) * WEBHOOK_DELIVERIES_PAGE_SIZE],
    );
    return { meta: { count, current_page: page }, payload: rows.map(toAttempt) };
  }

  /** The attempts of one delivery of the account, oldest first (none yet, or none of that account: empty). */
  async ofDelivery(accountId: number, deliveryId: string): Promise<WebhookDeliveryAttempt[]> {
    if (!UUID.test(deliveryId)) return [];
    const rows: DeliveryAttemptRow[] = await this.dataSource.query(
      `SELECT a.id, a.delivery_id, d.event_id, d.event, a.attempt, a.status_code, a.error, a.latency_ms, a.attempted_at, a.next_attempt_at, a.state
         FROM webhook_dispatcher.delivery_attempts a
         JOIN webhook_dispatcher.deliveries d ON d.id = a.delivery_id
        WHERE a.delivery_id = $1 AND d.account_id = $2
        ORDER BY a.attempt`,
      [deliveryId, accountId],
    );
    return rows.map(toAttempt);
  }
}
