import type { AccountScoped, ById } from '../rpc/caller';
import type { KanbanAutomation, KanbanAutomationInput, KanbanAutomationRun } from './kanban-automation.types';

export const KanbanAutomationPatterns = {
  list: 'kanban.automations.list',
  show: 'kanban.automations.show',
  create: 'kanban.automations.create',
  update: 'kanban.automations.update',
  delete: 'kanban.automations.delete',
  runs: 'kanban.automations.runs',
} as const;

export interface KanbanAutomationRpc {
  [KanbanAutomationPatterns.list]: { request: AccountScoped; response: KanbanAutomation[] };
  [KanbanAutomationPatterns.show]: { request: ById; response: KanbanAutomation };
  [KanbanAutomationPatterns.create]: {
    request: AccountScoped & { data: KanbanAutomationInput };
    response: KanbanAutomation;
  };
  [KanbanAutomationPatterns.update]: { request: ById & { data: KanbanAutomationInput }; response: KanbanAutomation };
  [KanbanAutomationPatterns.delete]: { request: ById; response: null };
  /** Newest first, 100 at most. */
  [KanbanAutomationPatterns.runs]: { request: ById; response: KanbanAutomationRun[] };
}
