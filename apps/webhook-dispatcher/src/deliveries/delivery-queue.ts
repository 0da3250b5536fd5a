import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';

/** Where a delivery goes: an account webhook, an API inbox's callback, or a URL a service gave. */
export type DeliveryTarget = { kind: 'webhook'; webhookId: number } | { kind: 'inbox'; inboxId: number } | { kind: 'direct'; url: string; secret: string };

export interface NewDelivery {
  accountId: number;
  eventId: string | null;
  event: string;
  /** The exact bytes every attempt sends. */
  body: string;
  target: DeliveryTarget;
}

/** Adds deliveries, due at once, in the caller's transaction. */
@Injectable()
export class DeliveryQueue {
  /** Answers the new delivery's id, or null when this event already has a delivery to that target. */
  async add(tx: EntityManager, delivery: NewDelivery): Promise<string | null> {
    const { target } = delivery;
    const rows: Array<{ id: string }> = await tx.query(
      `INSERT INTO webhook_dispatcher.deliveries (id, account_id, target, webhook_id, inbox_id, url, secret, event_id, event, body, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now())
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        randomUUID(),
        delivery.accountId,
        target.kind,
        target.kind === 'webhook' ? target.webhookId : null,
        target.kind === 'inbox' ? target.inboxId : null,
        target.kind === 'direct' ? target.url : null,
        target.kind === 'direct' ? target.secret : null,
        delivery.eventId,
        delivery.event,
        delivery.body,
      ],
    );
    return rows[0]?.id ?? null;
  }
}
