import type { KanbanItem } from '@parley/contracts';
import type { CardRow } from './persistence/card.row';

/** A card as clients see it: a field reaches them only if named here. */
export function toKanbanItem(row: CardRow): KanbanItem {
  return {
    id: row.id,
    account_id: row.account_id,
    funnel_id: row.funnel_id,
    funnel_stage: row.stage_key,
    position: row.position,
    conversation_display_id: row.conversation_display_id,
    assigned_agents: row.assigned_agents,
    item_details: {
      title: row.title,
      description: row.description,
      status: row.status,
      priority: row.priority,
      value: row.value,
      currency: row.currency,
      conversation_id: row.conversation_display_id,
    },
    custom_attributes: row.custom_attributes,
    stage_entered_at: row.stage_entered_at.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
