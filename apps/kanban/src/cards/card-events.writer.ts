import { Injectable } from '@nestjs/common';
import { KanbanEvents, type KanbanItem } from '@parley/contracts';
import { changedAttributes, type Emit } from '@parley/service-kit';
import { toKanbanItem } from './card.mapper';
import type { CardRow } from './persistence/card.row';

const TRACKED: Array<keyof KanbanItem> = [
  'conversation_display_id',
  'assigned_agents',
  'item_details',
  'custom_attributes',
];

/**
 * The card events, recorded in the transaction of the change whatever endpoint made it (the
 * service layer, never a controller): created, updated (with what changed), stage_changed and
 * status_changed.
 */
@Injectable()
export class CardEventsWriter {
  async created(emit: Emit, row: CardRow): Promise<void> {
    await emit(KanbanEvents.itemCreated, row.account_id, { item: toKanbanItem(row) });
  }

  /** The cards an import created, in one statement (stage automations do not run for them). */
  async imported(emit: Emit, rows: CardRow[]): Promise<void> {
    if (rows.length)
      await emit.many(
        KanbanEvents.itemCreated,
        rows[0].account_id,
        rows.map((row) => ({ item: toKanbanItem(row), imported: true })),
      );
  }

  /** `kanban.item.updated` for each card that changed (and `status_changed` when its status did). */
  async updated(emit: Emit, pairs: Array<{ before: CardRow; after: CardRow }>): Promise<void> {
    const updates = [];
    for (const { before, after } of pairs) {
      const changes = changedAttributes(toKanbanItem(before), toKanbanItem(after), TRACKED);
      if (changes.length) updates.push({ item: toKanbanItem(after), changed_attributes: changes });
    }
    if (updates.length) await emit.many(KanbanEvents.itemUpdated, pairs[0].after.account_id, updates);
    await this.statusChanges(emit, pairs);
  }

  /** `stage_changed` for each card that changed stage or funnel, then `status_changed` where a won/lost stage changed it. */
  async moved(emit: Emit, pairs: Array<{ before: CardRow; after: CardRow }>): Promise<void> {
    const moves = pairs
      .filter(({ before, after }) => before.stage_key !== after.stage_key || before.funnel_id !== after.funnel_id)
      .map(({ before, after }) => ({
        item: toKanbanItem(after),
        previous_funnel_id: before.funnel_id,
        previous_stage: before.stage_key,
      }));
    if (moves.length) await emit.many(KanbanEvents.itemStageChanged, pairs[0].after.account_id, moves);
    await this.statusChanges(emit, pairs, true);
  }

  async deleted(emit: Emit, row: CardRow): Promise<void> {
    await emit(KanbanEvents.itemDeleted, row.account_id, { item: toKanbanItem(row) });
  }

  private async statusChanges(
    emit: Emit,
    pairs: Array<{ before: CardRow; after: CardRow }>,
    byMove = false,
  ): Promise<void> {
    const changes = pairs
      .filter(({ before, after }) => before.status !== after.status)
      .map(({ before, after }) => ({
        item: toKanbanItem(after),
        previous_status: before.status,
        ...(byMove ? { by_move: true } : {}),
      }));
    if (changes.length) await emit.many(KanbanEvents.itemStatusChanged, pairs[0].after.account_id, changes);
  }
}
