import type { ChangedAttributes } from '../events/changed-attributes';
import type { KanbanItem, KanbanItemStatus } from './kanban-item.types';

export const KanbanEvents = {
  itemCreated: 'kanban.item.created',
  itemUpdated: 'kanban.item.updated',
  itemStageChanged: 'kanban.item.stage_changed',
  itemStatusChanged: 'kanban.item.status_changed',
  itemDeleted: 'kanban.item.deleted',
} as const;

export interface KanbanEventMap {
  /** `imported`: created by a CSV import (stage automations do not run for those). */
  [KanbanEvents.itemCreated]: { item: KanbanItem; imported?: boolean };
  [KanbanEvents.itemUpdated]: { item: KanbanItem; changed_attributes: ChangedAttributes };
  [KanbanEvents.itemStageChanged]: { item: KanbanItem; previous_funnel_id: number; previous_stage: string };
  /** `by_move`: the status changed because the card moved to a won/lost stage (stage automations react only to those). */
  [KanbanEvents.itemStatusChanged]: { item: KanbanItem; previous_status: KanbanItemStatus; by_move?: boolean };
  [KanbanEvents.itemDeleted]: { item: KanbanItem };
}
