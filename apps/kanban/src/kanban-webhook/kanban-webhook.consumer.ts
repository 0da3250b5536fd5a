import { Injectable, Logger } from '@nestjs/common';
import { DeliveryPatterns, KANBAN_EVENT_NAMES, KanbanEvents } from '@parley/contracts';
import { OnEvent, RpcCallError, RpcClient } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { BoardSettingsLoader } from '../board-settings/board-settings.loader';
import { kanbanWebhookPayload, type KanbanEvent } from './kanban-webhook.mapper';

/**
 * Hands each card event the account's Kanban configuration selects (`webhook_events`) to the
 * webhook dispatcher's delivery command, for `webhook_url`, signed with `webhook_secret`: the
 * dispatcher's HTTPS and public-address checks, timeout and retry schedule apply. A redelivered
 * event may be queued twice; receivers de-duplicate by `id`, as with every webhook.
 */
@Injectable()
export class KanbanWebhookConsumer {
  private readonly logger = new Logger(KanbanWebhookConsumer.name);

  constructor(
    private readonly settings: BoardSettingsLoader,
    private readonly rpc: RpcClient,
  ) {}

  @OnEvent(KanbanEvents.itemCreated, { purpose: 'kanban_webhook_created', concurrency: 4 })
  created(event: KanbanEvent, tx: EntityManager): Promise<void> {
    return this.deliver(event, tx);
  }

  @OnEvent(KanbanEvents.itemUpdated, { purpose: 'kanban_webhook_updated', concurrency: 4 })
  updated(event: KanbanEvent, tx: EntityManager): Promise<void> {
    return this.deliver(event, tx);
  }

  @OnEvent(KanbanEvents.itemStageChanged, { purpose: 'kanban_webhook_stage_changed', concurrency: 4 })
  stageChanged(event: KanbanEvent, tx: EntityManager): Promise<void> {
    return this.deliver(event, tx);
  }

  @OnEvent(KanbanEvents.itemStatusChanged, { purpose: 'kanban_webhook_status_changed', concurrency: 4 })
  statusChanged(event: KanbanEvent, tx: EntityManager): Promise<void> {
    return this.deliver(event, tx);
  }

  private async deliver(event: KanbanEvent, tx: EntityManager): Promise<void> {
    if (event.account_id === null || !(KANBAN_EVENT_NAMES as readonly string[]).includes(event.type)) return;
    const config = await this.settings.of(event.account_id, tx);
    if (
      !config.enabled ||
      !config.webhook_url ||
      !config.webhook_secret ||
      !config.webhook_events.includes(event.type as (typeof KANBAN_EVENT_NAMES)[number])
    )
      return;
    try {
      await this.rpc.send(DeliveryPatterns.enqueue, {
        account_id: event.account_id,
        url: config.webhook_url,
        secret: config.webhook_secret,
        event: event.type,
        payload: kanbanWebhookPayload(event),
      });
    } catch (error) {
      // The dispatcher refused the target (e.g. its host now resolves to a private address): no
      // retry will change that. An outage (timeout, unavailable) is thrown, so the event is redelivered.
      if (error instanceof RpcCallError && /^(URL|DELIVERY)\./.test(error.code)) {
        this.logger.warn(`Kanban webhook of account ${event.account_id} refused by the dispatcher: ${error.message}`);
        return;
      }
      throw error;
    }
  }
}
