import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { KanbanErrors } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import type { StageVisitRow } from './persistence/stage-visit.row';

export type { StageVisitRow };

/**
 * A card's stays (`card_stage_visits`) as a subquery, open (`left_at` null) or closed: the
 * time-in-stage timers embed it to stay one statement (`cardParam` holds the card id, e.g. `$2`).
 * The owner's condition, exported for those statements (docs/service-template.md).
 */
export function stageVisitsOfCard(cardParam: string, state: 'open' | 'closed'): string {
  return `SELECT id, card_id, funnel_id, stage_key, entered_at FROM kanban.card_stage_visits WHERE card_id = ${cardParam} AND left_at IS ${state === 'open' ? '' : 'NOT '}NULL`;
}

/** Whether the stay `visitExpr` (a column or placeholder) is still open, as a condition. */
export function stageVisitIsOpen(visitExpr: string): string {
  return `EXISTS (SELECT 1 FROM kanban.card_stage_visits v WHERE v.id = ${visitExpr} AND v.left_at IS NULL)`;
}

/** A card's stays in stages, for its time reports. */
@Injectable()
export class StageVisitsLoader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The card (where it is now, since when) and its stays in order; 404 when it is not the account's. */
  async visitsOf(
    accountId: number,
    id: number,
  ): Promise<{ card: { stage_key: string; stage_entered_at: Date; created_at: Date }; visits: StageVisitRow[] }> {
    const [card]: Array<{ stage_key: string; stage_entered_at: Date; created_at: Date }> = await this.dataSource.query(
      'SELECT stage_key, stage_entered_at, created_at FROM kanban.cards WHERE account_id = $1 AND id = $2',
      [accountId, id],
    );
    if (!card) throw new DomainError(KanbanErrors.itemNotFound, 'Kanban item not found');
    const visits: StageVisitRow[] = await this.dataSource.query(
      'SELECT card_id, funnel_id, stage_key, entered_at, left_at FROM kanban.card_stage_visits WHERE card_id = $1 ORDER BY entered_at, id',
      [id],
    );
    return { card, visits };
  }
}
