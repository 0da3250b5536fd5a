import {
  deletedAccountsMigration,
  parkedEventsMigration,
  kitTablesMigration,
  type SchemaDefinition,
} from '@parley/service-kit';
import { KanbanBoard1765000000001 } from './migrations/1765000000001-kanban-board';
import { KanbanCardWork1765000000002 } from './migrations/1765000000002-kanban-card-work';
import { KanbanAutomations1765000000003 } from './migrations/1765000000003-kanban-automations';
import { AutomationActionKeys1765000000004 } from './migrations/1765000000004-automation-action-keys';

/** The tables of the `kanban` schema and the migrations that build them, in order. */
export const kanbanSchema: SchemaDefinition = {
  migrations: [
    kitTablesMigration('kanban'),
    KanbanBoard1765000000001,
    KanbanCardWork1765000000002,
    KanbanAutomations1765000000003,
    AutomationActionKeys1765000000004,
    deletedAccountsMigration('kanban'),
    parkedEventsMigration('kanban'),
  ],
};
