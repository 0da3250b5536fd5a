import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  KanbanErrors,
  type KanbanDebug,
  type KanbanReport,
  type KanbanReportQuery,
  type KanbanStageTime,
  type KanbanTimeReport,
  type StageStats,
} from '@parley/contracts';
import { DomainError } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { BoardSettingsLoader } from '../board-settings/board-settings.loader';
import { FunnelsLoader } from '../funnels/funnels.loader';
import { MessagingViewLoader } from '../read-models/messaging-view/messaging-view.loader';
import { CardConditions } from './card-conditions.rules';
import type { StageVisitRow } from './persistence/stage-visit.row';

const seconds = (from: Date, to: Date | null) => Math.max(0, Math.round(((to ?? new Date()).getTime() - from.getTime()) / 1000));

/** Stage statistics, pipeline reports, a card's stage-time history and support data. */
@Injectable()
export class CardReports {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly funnels: FunnelsLoader,
    private readonly messaging: MessagingViewLoader,
    private readonly settings: BoardSettingsLoader,
  ) {}

  /** Count and total value of the cards now in each stage of the funnel (every stage listed). */
  async stageStats(accountId: number, funnelId: number): Promise<StageStats> {
    await this.funnels.funnelRow(accountId, funnelId, 'path');
    const stages = await this.funnels.stagesOf(funnelId);
    // Kept by the database on every card write (see the stage_counters trigger).
    const rows: Array<{ stage_key: string; count: number; total_value: number }> = await this.dataSource.query(
      'SELECT stage_key, cards AS count, total_value::float8 AS total_value FROM kanban.stage_counters WHERE funnel_id = $1',
      [funnelId],
    );
    const byStage = new Map(rows.map((row) => [row.stage_key, row]));
    return Object.fromEntries(stages.map((stage) => [stage.key, { name: stage.name, count: byStage.get(stage.key)?.count ?? 0, total_value: byStage.get(stage.key)?.total_value ?? 0 }]));
  }

  /**
   * Per stage (in funnel order) of the cards in scope — created in [from, to], assigned to one of
   * `user_ids`, linked to a conversation of `inbox_id`: the cards now there and their value, the
   * average time of a stay in the stage (finished stays and the current one until now), and the
   * conversion rate to the next stage (of the cards that entered it, the share that entered the
   * next one afterwards). Won and lost count and value are the cards' current status.
   */
  async report(accountId: number, query: KanbanReportQuery): Promise<KanbanReport> {
    const funnelId = query.funnel_id ?? (await this.funnels.defaultFunnelId(accountId));
    if (!funnelId) return { stages: [], won_value: 0, lost_value: 0, won_count: 0, lost_count: 0 };
    await this.funnels.funnelRow(accountId, funnelId, 'body');
    const stages = await this.funnels.stagesOf(funnelId);
    const scope = new CardConditions(accountId)
      .add('c.funnel_id = $?', funnelId)
      .addIf(query.from, 'c.created_at >= $?::timestamptz')
      .addIf(query.to, 'c.created_at <= $?::timestamptz')
      .addIf(query.user_ids?.length ? query.user_ids : undefined, 'c.assigned_agents && $?::int[]');
    if (query.inbox_id) scope.add('c.conversation_display_id = ANY($?::int[])', await this.messaging.conversationsOfInbox(accountId, query.inbox_id));

    const current: Array<{ stage_key: string; status: string; count: number; total_value: number }> = await this.dataSource.query(
      `SELECT c.stage_key, c.status, count(*)::int AS count, coalesce(sum(c.value), 0)::float8 AS total_value FROM kanban.cards c WHERE ${scope.where} GROUP BY 1, 2`,
      scope.params,
    );
    const visits: Array<{ stage_key: string; average: number }> = await this.dataSource.query(
      `SELECT v.stage_key, avg(extract(epoch FROM coalesce(v.left_at, now()) - v.entered_at))::float8 AS average
         FROM kanban.card_stage_visits v JOIN kanban.cards c ON c.id = v.card_id
        WHERE ${scope.where} AND v.funnel_id = c.funnel_id GROUP BY v.stage_key`,
      scope.params,
    );
    const order = scope.param(stages.map((stage) => stage.key));
    const conversions: Array<{ stage_key: string; entered: number; advanced: number }> = await this.dataSource.query(
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
    const conversion = new Map(conversions.map((row) => [row.stage_key, row]));
    const averages = new Map(visits.map((row) => [row.stage_key, row.average]));
    const report: KanbanReport = { stages: [], won_value: 0, lost_value: 0, won_count: 0, lost_count: 0 };
    for (const stage of stages) {
      const here = current.filter((row) => row.stage_key === stage.key);
      const entered = conversion.get(stage.key)?.entered ?? 0;
      report.stages.push({
        stage_id: stage.key,
        name: stage.name,
        count: here.reduce((sum, row) => sum + row.count, 0),
        total_value: here.reduce((sum, row) => sum + row.total_value, 0),
        average_time_in_stage: Math.round(averages.get(stage.key) ?? 0),
        conversion_rate: entered === 0 ? 0 : Math.round(((conversion.get(stage.key)?.advanced ?? 0) / entered) * 10_000) / 10_000,
      });
    }
    for (const row of current) {
      if (row.status === 'won') {
        report.won_count += row.count;
        report.won_value += row.total_value;
      } else if (row.status === 'lost') {
        report.lost_count += row.count;
        report.lost_value += row.total_value;
      }
    }
    return report;
  }

  async timeReport(accountId: number, id: number): Promise<KanbanTimeReport> {
    const { card, visits } = await this.visitsOf(accountId, id);
    const history = visits.map((visit) => ({
      funnel_id: visit.funnel_id,
      stage_id: visit.stage_key,
      entered_at: visit.entered_at.toISOString(),
      left_at: visit.left_at?.toISOString() ?? null,
      duration: seconds(visit.entered_at, visit.left_at),
    }));
    return {
      item_id: id,
      current_stage: card.stage_key,
      time_in_current_stage: seconds(card.stage_entered_at, null),
      total_time: seconds(card.created_at, null),
      history,
    };
  }

  async stageTimeBreakdown(accountId: number, id: number): Promise<KanbanStageTime[]> {
    const { visits } = await this.visitsOf(accountId, id);
    const byStage = new Map<string, KanbanStageTime>();
    for (const visit of visits) {
      const entry = byStage.get(visit.stage_key) ?? { stage_id: visit.stage_key, total_time: 0, visits: 0 };
      entry.total_time += seconds(visit.entered_at, visit.left_at);
      entry.visits += 1;
      byStage.set(visit.stage_key, entry);
    }
    return [...byStage.values()];
  }

  /** For support: how much the account has, its configuration (secret hidden) and its latest Kanban events. */
  async debug(accountId: number, funnelId: number | undefined): Promise<KanbanDebug> {
    if (funnelId !== undefined) await this.funnels.funnelRow(accountId, funnelId, 'body');
    const scope = new CardConditions(accountId).addIf(funnelId, 'c.funnel_id = $?');
    const [{ items }]: Array<{ items: number }> = await this.dataSource.query(`SELECT count(*)::int AS items FROM kanban.cards c WHERE ${scope.where}`, scope.params);
    const funnelIds = funnelId ? [funnelId] : await this.funnels.activeFunnelIds(accountId);
    let stages = 0;
    for (const id of funnelIds) stages += (await this.funnels.stagesOf(id)).length;
    const config = await this.settings.of(accountId);
    const events: Array<{ id: string; type: string; created_at: Date }> = await this.dataSource.query(
      `SELECT id, type, created_at FROM kanban.outbox WHERE type LIKE 'kanban.%' AND (payload ->> 'account_id')::int = $1 ORDER BY seq DESC LIMIT 20`,
      [accountId],
    );
    return {
      counts: { funnels: funnelIds.length, items, stages },
      config: { ...config, webhook_secret: config.webhook_secret ? '[set]' : null },
      last_events: events.map((event) => ({ id: event.id, type: event.type, created_at: event.created_at.toISOString() })),
    };
  }

  private async visitsOf(accountId: number, id: number): Promise<{ card: { stage_key: string; stage_entered_at: Date; created_at: Date }; visits: StageVisitRow[] }> {
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
