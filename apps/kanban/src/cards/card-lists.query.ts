import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type KanbanBatch,
  type KanbanBatchQuery,
  type KanbanCounts,
  type KanbanItemPage,
  type KanbanItemQuery,
} from '@parley/contracts';
import { DataSource } from 'typeorm';
import { FunnelsLoader } from '../funnels/funnels.loader';
import { toKanbanItem } from './card.mapper';
import { cardConditions, type CardConditions } from './card-conditions.rules';
import { CardsLoader } from './cards.loader';
import { CARD_COLUMNS_OF_C, type CardRow } from './persistence/card.row';

const DEFAULT_PER_STAGE = 25;
const MAX_PER_STAGE = 200;

/** Card lists: paginated list, the board batch, counts. Every filter given is applied. */
@Injectable()
export class CardListsQuery {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cards: CardsLoader,
    private readonly funnels: FunnelsLoader,
  ) {}

  async list(accountId: number, query: KanbanItemQuery, funnelInPath = false): Promise<KanbanItemPage> {
    if (query.funnel_id !== undefined)
      await this.funnels.funnelRow(accountId, query.funnel_id, funnelInPath ? 'path' : 'body');
    return this.cards.page(this.listConditions(accountId, query), query.page);
  }

  /**
   * The board in one call: for each stage of the funnel (or of every active funnel), its first
   * `per_stage` cards of page `stage_page` by position — one index range read per stage —
   * and the number of cards per stage.
   */
  async batch(accountId: number, query: KanbanBatchQuery): Promise<KanbanBatch> {
    const perStage = Math.min(Math.max(query.per_stage ?? DEFAULT_PER_STAGE, 1), MAX_PER_STAGE);
    const stagePage = Math.max(query.stage_page ?? 1, 1);
    const funnelIds = query.funnel_id ? [query.funnel_id] : await this.funnels.activeFunnelIds(accountId);
    const stages: Array<{ funnelId: number; key: string }> = [];
    for (const funnelId of funnelIds) {
      await this.funnels.funnelRow(accountId, funnelId, 'body');
      for (const stage of await this.funnels.stagesOf(funnelId)) {
        if (query.stage_id === undefined || stage.key === query.stage_id) stages.push({ funnelId, key: stage.key });
      }
    }
    const conditions = this.listConditions(accountId, { ...query, funnel_id: undefined, stage_id: undefined });
    const funnelParam = conditions.param(stages.map((stage) => stage.funnelId));
    const keyParam = conditions.param(stages.map((stage) => stage.key));
    const limit = conditions.param(perStage);
    const offset = conditions.param((stagePage - 1) * perStage);
    const rows: CardRow[] = await this.dataSource.query(
      `SELECT c.* FROM unnest(${funnelParam}::int[], ${keyParam}::text[]) WITH ORDINALITY AS s(funnel_id, key, ord)
         CROSS JOIN LATERAL (
           SELECT ${CARD_COLUMNS_OF_C} FROM kanban.cards c
            WHERE ${conditions.where} AND c.funnel_id = s.funnel_id AND c.stage_key = s.key
            ORDER BY c.position, c.id LIMIT ${limit} OFFSET ${offset}) c
        ORDER BY s.ord, c.position, c.id`,
      conditions.params,
    );
    const stageCounts: Record<string, number> = Object.fromEntries(stages.map((stage) => [stage.key, 0]));
    const filtered = query.agent_id !== undefined || query.conversation_id !== undefined;
    const counts = filtered ? await this.countedStages(accountId, query, stages) : await this.stageCounters(stages);
    for (const row of counts) stageCounts[row.stage_key] = (stageCounts[row.stage_key] ?? 0) + row.count;
    return {
      data: { payload: rows.map(toKanbanItem) },
      stage_counts: stageCounts,
      total_items: counts.reduce((sum, row) => sum + row.count, 0),
    };
  }

  async counts(accountId: number, funnelId: number | undefined): Promise<KanbanCounts> {
    const conditions = cardConditions(accountId).addIf(funnelId, 'c.funnel_id = $?');
    const rows: Array<{ status: string; stage_key: string; priority: string | null; count: number }> =
      await this.dataSource.query(
        `SELECT c.status, c.stage_key, c.priority, count(*)::int AS count FROM kanban.cards c WHERE ${conditions.where} GROUP BY 1, 2, 3`,
        conditions.params,
      );
    const counts: KanbanCounts = { total: 0, by_status: { open: 0, won: 0, lost: 0 }, by_stage: {}, by_priority: {} };
    for (const row of rows) {
      counts.total += row.count;
      counts.by_status[row.status] = (counts.by_status[row.status] ?? 0) + row.count;
      counts.by_stage[row.stage_key] = (counts.by_stage[row.stage_key] ?? 0) + row.count;
      const priority = row.priority ?? 'none';
      counts.by_priority[priority] = (counts.by_priority[priority] ?? 0) + row.count;
    }
    return counts;
  }

  /** The counts the database keeps per stage (no filter but the stages). */
  private stageCounters(
    stages: Array<{ funnelId: number; key: string }>,
  ): Promise<Array<{ stage_key: string; count: number }>> {
    return this.dataSource.query(
      `SELECT stage_key, cards AS count FROM kanban.stage_counters WHERE (funnel_id, stage_key) IN (SELECT * FROM unnest($1::int[], $2::text[]))`,
      [stages.map((stage) => stage.funnelId), stages.map((stage) => stage.key)],
    );
  }

  /** Counts under the card filters (agent, conversation), counted. */
  private countedStages(
    accountId: number,
    query: KanbanBatchQuery,
    stages: Array<{ funnelId: number; key: string }>,
  ): Promise<Array<{ stage_key: string; count: number }>> {
    const counting = this.listConditions(accountId, { ...query, funnel_id: undefined, stage_id: undefined });
    return this.dataSource.query(
      `SELECT c.stage_key, count(*)::int AS count FROM kanban.cards c
        WHERE ${counting.where} AND (c.funnel_id, c.stage_key) IN (SELECT * FROM unnest(${counting.param(stages.map((s) => s.funnelId))}::int[], ${counting.param(stages.map((s) => s.key))}::text[]))
        GROUP BY c.stage_key`,
      counting.params,
    );
  }

  private listConditions(accountId: number, query: KanbanItemQuery): CardConditions {
    return cardConditions(accountId)
      .addIf(query.funnel_id, 'c.funnel_id = $?')
      .addIf(query.stage_id, 'c.stage_key = $?')
      .addIf(query.agent_id, 'c.assigned_agents @> ARRAY[$?]::int[]')
      .addIf(query.conversation_id, 'c.conversation_display_id = $?');
  }
}
