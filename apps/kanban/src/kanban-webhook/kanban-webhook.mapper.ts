import type { EventEnvelope, KanbanEventMap } from '@parley/contracts';

type KanbanEvent = { [T in keyof KanbanEventMap]: EventEnvelope<KanbanEventMap[T], T> }[keyof KanbanEventMap];

/**
 * The body `kanban_config.webhook_url` gets: `{id, event, created_at, account_id, data}` with
 * the card as `data`, plus what the event says changed. `id` is the event's id on every retry.
 */
export function kanbanWebhookPayload(event: KanbanEvent): Record<string, unknown> {
  const { item, ...changes } = event.data;
  return {
    id: event.id,
    event: event.type,
    created_at: Math.floor(Date.parse(event.occurred_at) / 1000),
    account_id: event.account_id,
    data: item,
    ...changes,
  };
}

export type { KanbanEvent };
