import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { CardConditions } from './card-conditions.rules';

/** Counts, values and stays of the cards the conditions select, for the reports. */
@Injectable()
export class CardStatsLoader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Count and total value per stage of a funnel, kept by the database on every card write (the stage_counters trigger). */
  stageCounters(funnelId: number): Promise<Array<{ stage_key: string; count: number; total_value: number }>> {
    return this.dataSource.query(
      'SELECT stage_key, cards AS count, total_value::float8 AS total_value FROM kanban.stage_counters WHERE funnel_id = $1',
      [funnelId],
    );
  }

  async count(scope: CardConditions): Promise<number> {
    const [{ items }]: Array<{ items: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS items FROM kanban.cards c WHERE ${scope.where}`,
      scope.params,
    );
    return items;
  }

  /** Count and total value per stage and status. */
  byStageAndStatus(
    scope: CardConditions,
  ): Promise<Array<{ stage_key: string; status: string; count: number; total_value: number }>> {
    return this.dataSource.query(
      `SELECT c.stage_key, c.status, count(*)::int AS count, coalesce(sum(c.value), 0)::float8 AS total_value FROM kanban.cards c WHERE ${scope.where} GROUP BY 1, 2`,
      scope.params,
    );
  }

  /** The average stay per stage of the card's funnel, in seconds (finished stays and the current one until now). */
  averageStays(scope: CardConditions): Promise<Array<{ stage_key: string; average: number }>> {
    return this.dataSource.query(
      `SELECT v.stage_key, avg(extract(epoch FROM coalesce(v.left_at, now()) - v.entered_at))::float8 AS average
         FROM kanban.card_stage_visits v JOIN kanban.cards c ON c.id = v.card_id
        WHERE ${scope.where} AND v.funnel_id = c.funnel_id GROUP BY v.stage_key`,
      scope.params,
    );
  }

  /** Per stage of `stageKeys` (in order): the cards that entered it, and of those the ones that entered the next stage afterwards. */
  conversions(
    scope: CardConditions,
    stageKeys: string[],
  ): Promise<Array<{ stage_key: string; entered: number; advanced: number }>> {
    const order = scope.param(stageKeys);
    return this.dataSource.query(
      `WITH ordered AS (SELECT key, ord FROM unnest(${order}::text[]) WITH ORDINALITY AS s(key, ord)),
            firsts AS (
              SELECT v.card_id, v.stage_key, min(v.entered_at) AS entered_at FROM kanban.card_stage_visits v JOIN kanban.cards c ON c.id = v.card_id
               WHERE ${scope.where} AND v.funnel_id = c.funnel_id GROUP BY v.card_id, v.stage_key)
       SELECT o.key AS stage_key, count(f.card_id)::int AS entered,
              count(f.card_id) FILTER (WHERE EXISTS (
                SELECT 1 FROM kanban.card_stage_visits n JOIN ordered o2 ON o2.key = n.stage_key
                 WHERE n.card_id = f.card_id AND o2.ord = o.ord + 1 AND n.entered_at >= f.entered_at))::int AS advanced
         FROM ordered o LEFT JOIN firsts f ON f.stage_key = o.key GROUP BY o.key, o.ord`,
      scope.params,
    );
  }
}
