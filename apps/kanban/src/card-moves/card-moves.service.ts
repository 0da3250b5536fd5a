import { Injectable } from '@nestjs/common';
import { KanbanErrors, type KanbanItem, type KanbanPosition } from '@parley/contracts';
import { DomainError, Outbox, type Emit } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { CardEventsWriter } from '../cards/card-events.writer';
import { toKanbanItem } from '../cards/card.mapper';
import { CardsLoader } from '../cards/cards.loader';
import { CardsWriter, type CardChange, type CardRow, type Destination } from '../cards/cards.writer';
import { FunnelsLoader, stageKey } from '../funnels/funnels.loader';
import { FunnelsService } from '../funnels/funnels.service';
import { checkedBulkIds, statusAfterMove } from './card-moves.rules';

/** How often a move starts over when a card left the stage it was read in before the locks were taken. */
const MAX_ATTEMPTS = 5;

/**
 * Every change of a card's stage, funnel or position. Locks are always taken in one order —
 * the stage rows involved (sorted), then the cards (by id) — so concurrent moves and reorders
 * wait for each other instead of deadlocking, and positions in a stage are only computed under
 * its lock. Each move records the stage visit and emits `stage_changed` / `status_changed` in
 * its transaction, whichever endpoint asked for it.
 */
@Injectable()
export class CardMovesService {
  constructor(
    private readonly outbox: Outbox,
    private readonly cards: CardsLoader,
    private readonly funnels: FunnelsLoader,
    private readonly funnelsService: FunnelsService,
    private readonly writer: CardsWriter,
    private readonly events: CardEventsWriter,
  ) {}

  /** To a stage of the card's funnel, or of `funnelId`; at the end of the stage unless `position` is given. */
  async moveToStage(
    accountId: number,
    id: number,
    stage: string,
    funnelId: number | undefined,
    position: number | undefined,
  ): Promise<KanbanItem> {
    if (funnelId !== undefined) await this.funnels.funnelRow(accountId, funnelId, 'body');
    const [row] = await this.withLockedCards(
      accountId,
      [id],
      'id',
      (cards) => cards.map((card) => ({ funnelId: funnelId ?? card.funnel_id, key: stage })),
      async (tx, emit, [card], stages) => {
        const to = { funnelId: funnelId ?? card.funnel_id, stageKey: stage };
        if (card.funnel_id === to.funnelId && card.stage_key === to.stageKey) {
          if (position !== undefined && position !== card.position) await this.place(tx, card, to, position);
          return this.cards.byIds(tx, [card.id]);
        }
        const pair = await this.relocateOne(
          tx,
          card,
          to,
          stages.get(stageKey(to.funnelId, to.stageKey))!.name,
          position,
        );
        await this.events.moved(emit, [pair]);
        return [pair.after];
      },
    );
    return toKanbanItem(row);
  }

  /** Positions within stages, applied in ascending position order; an entry naming another stage moves the card there. */
  async reorder(accountId: number, positions: KanbanPosition[]): Promise<KanbanItem[]> {
    const ids = positions.map((entry) => entry.id);
    if (new Set(ids).size !== ids.length)
      throw new DomainError(KanbanErrors.itemInvalid, 'positions names a card more than once', ['positions']);
    const byId = new Map(positions.map((entry) => [entry.id, entry]));
    const rows = await this.withLockedCards(
      accountId,
      ids,
      'positions',
      (cards) => cards.map((card) => ({ funnelId: card.funnel_id, key: byId.get(card.id)!.funnel_stage })),
      async (tx, emit, cards, stages) => {
        const moved: CardChange[] = [];
        const ordered = [...cards].sort((a, b) => byId.get(a.id)!.position - byId.get(b.id)!.position);
        for (const card of ordered) {
          const entry = byId.get(card.id)!;
          const to = { funnelId: card.funnel_id, stageKey: entry.funnel_stage };
          if (card.stage_key === entry.funnel_stage) await this.place(tx, card, to, entry.position);
          else
            moved.push(
              await this.relocateOne(
                tx,
                card,
                to,
                stages.get(stageKey(to.funnelId, to.stageKey))!.name,
                entry.position,
              ),
            );
        }
        await this.events.moved(emit, moved);
        return this.cards.byIds(tx, ids);
      },
    );
    return rows.map(toKanbanItem);
  }

  /** All or nothing: every id a card of the account (else 422 naming the others), appended to the stage in id order. */
  async bulkMove(accountId: number, itemIds: number[], stage: string, funnelId: number): Promise<KanbanItem[]> {
    const ids = checkedBulkIds(itemIds);
    await this.funnels.funnelRow(accountId, funnelId, 'body');
    const to = { funnelId, stageKey: stage };
    const rows = await this.withLockedCards(
      accountId,
      ids,
      'item_ids',
      () => [{ funnelId, key: stage }],
      async (tx, emit, cards, stages) => {
        const moving = cards.filter((card) => card.funnel_id !== funnelId || card.stage_key !== stage);
        const start = await this.writer.endOf(tx, to);
        const name = stages.get(stageKey(funnelId, stage))!.name;
        const after = await this.writer.relocate(
          tx,
          moving.map((card, index) => ({
            id: card.id,
            position: start + index,
            status: statusAfterMove(name, card.status),
          })),
          to,
          accountId,
        );
        const before = new Map(moving.map((card) => [card.id, card]));
        await this.events.moved(
          emit,
          after.map((row) => ({ before: before.get(row.id)!, after: row })),
        );
        return this.cards.byIds(tx, ids, 'position');
      },
      'new_stage',
    );
    return rows.map(toKanbanItem);
  }

  /** Deletes a stage; its cards first move to `fallback` (required while it has cards), as moves. */
  async deleteStage(
    accountId: number,
    givenFunnelId: number | undefined,
    stage: string,
    fallback: string | undefined,
  ): Promise<null> {
    const funnelId = await this.funnels.funnelOfStage(accountId, givenFunnelId, stage);
    if (fallback === stage)
      throw new DomainError(KanbanErrors.stageInvalid, 'fallback_stage_id must be another stage', [
        'fallback_stage_id',
      ]);
    await this.outbox.transaction(async (tx, emit) => {
      if (!(await this.funnels.hasStage(tx, funnelId, stage)))
        throw new DomainError(KanbanErrors.stageNotFound, `Stage ${stage} not found`);
      const locked = await this.funnels.lockStages(
        tx,
        [{ funnelId, key: stage }, ...(fallback ? [{ funnelId, key: fallback }] : [])],
        'fallback_stage_id',
      );
      const cards = await this.writer.lockInStage(tx, funnelId, stage);
      if (cards.length > 0) {
        if (!fallback)
          throw new DomainError(
            KanbanErrors.stageInvalid,
            `Stage ${stage} has ${cards.length} cards: give a fallback_stage_id to move them to`,
            ['fallback_stage_id'],
          );
        const to = { funnelId, stageKey: fallback };
        const start = await this.writer.endOf(tx, to);
        const name = locked.get(stageKey(funnelId, fallback))!.name;
        const after = await this.writer.relocate(
          tx,
          cards.map((card, index) => ({
            id: card.id,
            position: start + index,
            status: statusAfterMove(name, card.status),
          })),
          to,
          accountId,
        );
        const before = new Map(cards.map((card) => [card.id, card]));
        await this.events.moved(
          emit,
          after.map((row) => ({ before: before.get(row.id)!, after: row })),
        );
      }
      await this.funnelsService.removeStage(tx, funnelId, stage);
    });
    return null;
  }

  /**
   * Reads the cards, locks the stages they are in and the ones `destinations` names, then the
   * cards; if a card changed stage in between, starts over (its new stage was not locked).
   */
  private async withLockedCards<T>(
    accountId: number,
    ids: number[],
    field: string,
    destinations: (cards: CardRow[]) => Array<{ funnelId: number; key: string }>,
    work: (
      tx: EntityManager,
      emit: Emit,
      cards: CardRow[],
      stages: Awaited<ReturnType<FunnelsLoader['lockStages']>>,
    ) => Promise<T>,
    stageField = 'funnel_stage',
  ): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const seen = await this.cards.ofAccount(accountId, ids);
      if (seen.length !== ids.length) {
        const found = new Set(seen.map((card) => card.id));
        if (field === 'id') throw new DomainError(KanbanErrors.itemNotFound, 'Kanban item not found');
        throw new DomainError(
          KanbanErrors.itemsMissing,
          `No cards of this account with ids: ${ids.filter((id) => !found.has(id)).join(', ')}`,
          [field],
        );
      }
      const result = await this.outbox.transaction(async (tx, emit) => {
        const stages = await this.funnels.lockStages(
          tx,
          [...seen.map((card) => ({ funnelId: card.funnel_id, key: card.stage_key })), ...destinations(seen)],
          stageField,
        );
        const cards = await this.writer.lockCards(tx, accountId, ids, field);
        const stale = cards.some((card) => !stages.has(stageKey(card.funnel_id, card.stage_key)));
        if (stale) return { stale: true as const };
        return { stale: false as const, value: await work(tx, emit, cards, stages) };
      });
      if (!result.stale) return result.value;
      if (attempt >= MAX_ATTEMPTS)
        throw new DomainError(KanbanErrors.itemInvalid, 'The cards keep moving: try again', [field]);
    }
  }

  private async relocateOne(
    tx: EntityManager,
    card: CardRow,
    to: Destination,
    stageName: string,
    position: number | undefined,
  ): Promise<CardChange> {
    const at = position ?? (await this.writer.endOf(tx, to));
    if (position !== undefined) await this.writer.makeRoom(tx, to, position, card.id);
    const [after] = await this.writer.relocate(
      tx,
      [{ id: card.id, position: at, status: statusAfterMove(stageName, card.status) }],
      to,
      card.account_id,
    );
    return { before: card, after };
  }

  private async place(tx: EntityManager, card: CardRow, to: Destination, position: number): Promise<void> {
    await this.writer.makeRoom(tx, to, position, card.id);
    await this.writer.setPosition(tx, card.id, position);
  }
}
