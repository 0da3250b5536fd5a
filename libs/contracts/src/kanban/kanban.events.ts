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
  [KanbanEvents.itemCreated]: { item: KanbanItem };
  [KanbanEvents.itemUpdated]: { item: KanbanItem; changed_attributes: ChangedAttributes };
  [KanbanEvents.itemStageChanged]: { item: KanbanItem; previous_funnel_id: number; previous_stage: string };
  [KanbanEvents.itemStatusChanged]: { item: KanbanItem; previous_status: KanbanItemStatus };
  [KanbanEvents.itemDeleted]: { item: KanbanItem };
}
