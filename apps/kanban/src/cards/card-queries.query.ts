import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  KANBAN_PAGE_SIZE,
  type KanbanBatch,
  type KanbanBatchQuery,
  type KanbanCounts,
  type KanbanFilterQuery,
  type KanbanItemPage,
  type KanbanItemQuery,
  type KanbanSearchQuery,
} from '@parley/contracts';
import { DataSource } from 'typeorm';
import { FunnelsLoader } from '../funnels/funnels.loader';
import { toKanbanItem } from './card.mapper';
import { CardConditions, prefixQuery } from './card-conditions.rules';
import { CARD_COLUMNS_OF_C, type CardRow } from './persistence/card.row';

const DEFAULT_PER_STAGE = 25;
const MAX_PER_STAGE = 200;

/** Card lists: paginated list, the board batch, search and filter, counts. Every filter given is applied. */
@Injectable()
export class CardQueries {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly funnels: FunnelsLoader,
  ) {}

  async list(accountId: number, query: KanbanItemQuery, funnelInPath = false): Promise<KanbanItemPage> {
    if (query.funnel_id !== undefined) await this.funnels.funnelRow(accountId, query.funnel_id, funnelInPath ? 'path' : 'body');
    return this.page(this.listConditions(accountId, query), query.page);
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
    return { data: { payload: rows.map(toKanbanItem) }, stage_counts: stageCounts, total_items: counts.reduce((sum, row) => sum + row.count, 0) };
  }

  /** Full-text over title, description and the card's notes (indexed tsvectors), each word as a prefix. */
  search(accountId: number, query: KanbanSearchQuery): Promise<KanbanItemPage> {
    const text = prefixQuery(query.query ?? '');
    const conditions = new CardConditions(accountId)
      .addIf(query.funnel_id, 'c.funnel_id = $?')
      .addIf(query.agent_id, 'c.assigned_agents @> ARRAY[$?]::int[]')
      // Notes are searched with their card: the matching notes' cards are looked up once (one read of the notes
      // table beside the cards), so both arms use an index (a BitmapOr of the GIN and the primary key).
      .add(
        text === null
          ? 'false AND $?::text IS NULL'
          : `(c.search @@ to_tsquery('simple', $?)
              OR c.id = ANY(ARRAY(SELECT n.card_id FROM kanban.notes n WHERE n.account_id = $1 AND to_tsvector('simple', n.text) @@ to_tsquery('simple', $?))))`,
        text,
      );
    return this.page(conditions, query.page);
  }

  filter(accountId: number, query: KanbanFilterQuery): Promise<KanbanItemPage> {
    const conditions = new CardConditions(accountId)
      .addIf(query.funnel_id, 'c.funnel_id = $?')
      .addIf(query.priorities?.length ? query.priorities : undefined, 'c.priority = ANY($?)')
      .addIf(query.value_min, 'c.value >= $?')
      .addIf(query.value_max, 'c.value <= $?')
      .addIf(query.agent_id, 'c.assigned_agents @> ARRAY[$?]::int[]')
      .addIf(query.from, 'c.created_at >= $?::timestamptz')
      .addIf(query.to, 'c.created_at <= $?::timestamptz');
    return this.page(conditions, query.page);
  }

  async counts(accountId: number, funnelId: number | undefined): Promise<KanbanCounts> {
    const conditions = new CardConditions(accountId).addIf(funnelId, 'c.funnel_id = $?');
    const rows: Array<{ status: string; stage_key: string; priority: string | null; count: number }> = await this.dataSource.query(
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
  private stageCounters(stages: Array<{ funnelId: number; key: string }>): Promise<Array<{ stage_key: string; count: number }>> {
    return this.dataSource.query(
      `SELECT stage_key, cards AS count FROM kanban.stage_counters WHERE (funnel_id, stage_key) IN (SELECT * FROM unnest($1::int[], $2::text[]))`,
      [stages.map((stage) => stage.funnelId), stages.map((stage) => stage.key)],
    );
  }

  /** Counts under the card filters (agent, conversation), counted. */
  private countedStages(accountId: number, query: KanbanBatchQuery, stages: Array<{ funnelId: number; key: string }>): Promise<Array<{ stage_key: string; count: number }>> {
    const counting = this.listConditions(accountId, { ...query, funnel_id: undefined, stage_id: undefined });
    return this.dataSource.query(
      `SELECT c.stage_key, count(*)::int AS count FROM kanban.cards c
        WHERE ${counting.where} AND (c.funnel_id, c.stage_key) IN (SELECT * FROM unnest(${counting.param(stages.map((s) => s.funnelId))}::int[], ${counting.param(stages.map((s) => s.key))}::text[]))
        GROUP BY c.stage_key`,
      counting.params,
    );
  }

  private listConditions(accountId: number, query: KanbanItemQuery): CardConditions {
    return new CardConditions(accountId)
      .addIf(query.funnel_id, 'c.funnel_id = $?')
      .addIf(query.stage_id, 'c.stage_key = $?')
      .addIf(query.agent_id, 'c.assigned_agents @> ARRAY[$?]::int[]')
      .addIf(query.conversation_id, 'c.conversation_display_id = $?');
  }

  private async page(conditions: CardConditions, requested: number | undefined): Promise<KanbanItemPage> {
    const page = Math.max(requested ?? 1, 1);
    const where = conditions.where;
    const [{ count }]: Array<{ count: number }> = await this.dataSource.query(`SELECT count(*)::int AS count FROM kanban.cards c WHERE ${where}`, conditions.params);
    const limit = conditions.param(KANBAN_PAGE_SIZE);
    const offset = conditions.param((page - 1) * KANBAN_PAGE_SIZE);
    const rows: CardRow[] = await this.dataSource.query(
      `SELECT ${CARD_COLUMNS_OF_C} FROM kanban.cards c WHERE ${where} ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit} OFFSET ${offset}`,
      conditions.params,
    );
    return { meta: { count, current_page: page, total_pages: Math.ceil(count / KANBAN_PAGE_SIZE) }, payload: rows.map(toKanbanItem) };
  }
}
