import {
  KANBAN_EVENT_NAMES,
  KANBAN_VIEWS,
  KanbanErrors,
  type KanbanConfigOptions,
  type KanbanEventName,
} from '@parley/contracts';
import { DomainError } from '@parley/service-kit';

/** What an account without a stored configuration gets. */
export const DEFAULT_OPTIONS: KanbanConfigOptions = {
  title: 'Kanban',
  default_view: 'kanban',
  auto_assignment: false,
  notifications_enabled: true,
  dragbar_enabled: true,
  list_view_enabled: true,
  agenda_view_enabled: false,
};

const BOOLEAN_OPTIONS = [
  'auto_assignment',
  'notifications_enabled',
  'dragbar_enabled',
  'list_view_enabled',
  'agenda_view_enabled',
] as const;

const invalid = (message: string, field: string) => new DomainError(KanbanErrors.configInvalid, message, [field]);

/** The selected events, each a Kanban event name (422 naming the unknown ones). */
export function checkedEvents(events: unknown[]): KanbanEventName[] {
  const unknown = events.filter((event) => !KANBAN_EVENT_NAMES.includes(event as KanbanEventName));
  if (unknown.length)
    throw invalid(`Webhook events are not Kanban events: ${unknown.map(String).join(', ')}`, 'webhook_events');
  return [...new Set(events as KanbanEventName[])];
}

/** The options after `patch`, each of its type. */
export function mergedOptions(base: KanbanConfigOptions, patch: Record<string, unknown>): KanbanConfigOptions {
  const next = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (key === 'title') {
      if (typeof value !== 'string') throw invalid('config.title must be a string', 'config.title');
      next.title = value;
    } else if (key === 'default_view') {
      if (!KANBAN_VIEWS.includes(value as never))
        throw invalid(`config.default_view must be one of ${KANBAN_VIEWS.join(', ')}`, 'config.default_view');
      next.default_view = value as KanbanConfigOptions['default_view'];
    } else if ((BOOLEAN_OPTIONS as readonly string[]).includes(key)) {
      if (typeof value !== 'boolean') throw invalid(`config.${key} must be true or false`, `config.${key}`);
      next[key as (typeof BOOLEAN_OPTIONS)[number]] = value;
    } else {
      throw invalid(`config.${key} is not a Kanban option`, `config.${key}`);
    }
  }
  return next;
}
