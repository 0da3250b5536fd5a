import { KANBAN_BULK_LIMIT, KanbanErrors, type KanbanItemStatus } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';

const invalid = (message: string, fields: string[]) => new DomainError(KanbanErrors.itemInvalid, message, fields);

/**
 * The status a move gives a card: `won` or `lost` when the destination stage's name holds that
 * word (case-insensitive, as a whole word), otherwise the card keeps its status.
 */
export function statusAfterMove(stageName: string, current: KanbanItemStatus): KanbanItemStatus {
  if (/\bwon\b/i.test(stageName)) return 'won';
  if (/\blost\b/i.test(stageName)) return 'lost';
  return current;
}

/** Bulk requests name 1 to KANBAN_BULK_LIMIT cards (each counted once). */
export function checkedBulkIds(ids: readonly number[]): number[] {
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw invalid('item_ids must name at least one card', ['item_ids']);
  if (unique.length > KANBAN_BULK_LIMIT)
    throw invalid(`item_ids may name at most ${KANBAN_BULK_LIMIT} cards`, ['item_ids']);
  return unique;
}

/** The agents a bulk assignment leaves on a card. */
export function agentsAfterAssignment(current: readonly number[], agentId: number, mode: 'replace' | 'add'): number[] {
  if (mode === 'replace') return [agentId];
  return current.includes(agentId) ? [...current] : [...current, agentId];
}
