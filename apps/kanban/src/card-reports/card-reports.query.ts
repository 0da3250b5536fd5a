import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type KanbanDebug,
  type KanbanReport,
  type KanbanReportQuery,
  type KanbanStageTime,
  type KanbanTimeReport,
  type StageStats,
} from '@parley/contracts';
import { DataSource } from 'typeorm';
import { BoardSettingsLoader } from '../board-settings/board-settings.loader';
import { cardConditions } from '../cards/card-conditions.rules';
import { CardStatsLoader } from '../cards/card-stats.loader';
import { StageVisitsLoader } from '../cards/stage-visits.loader';
import { FunnelsLoader } from '../funnels/funnels.loader';
import { MessagingViewLoader } from '../read-models/messaging-view/messaging-view.loader';

const seconds = (from: Date, to: Date | null) =>
  Math.max(0, Math.round(((to ?? new Date()).getTime() - from.getTime()) / 1000));

/** Stage statistics, pipeline reports, a card's stage-time history and support data. */
@Injectable()
export class CardReportsQuery {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly stats: CardStatsLoader,
    private readonly visits: StageVisitsLoader,
    private readonly funnels: FunnelsLoader,
    private readonly messaging: MessagingViewLoader,
    private readonly settings: BoardSettingsLoader,
  ) {}

  /** Count and total value of the cards now in each stage of the funnel (every stage listed). */
  async stageStats(accountId: number, funnelId: number): Promise<StageStats> {
    await this.funnels.funnelRow(accountId, funnelId, 'path');
    const stages = await this.funnels.stagesOf(funnelId);
    const rows = await this.stats.stageCounters(funnelId);
    const byStage = new Map(rows.map((row) => [row.stage_key, row]));
    return Object.fromEntries(
      stages.map((stage) => [
        stage.key,
        {
          name: stage.name,
          count: byStage.get(stage.key)?.count ?? 0,
          total_value: byStage.get(stage.key)?.total_value ?? 0,
        },
      ]),
    );
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
    const scope = cardConditions(accountId)
      .add('c.funnel_id = $?', funnelId)
      .addIf(query.from, 'c.created_at >= $?::timestamptz')
      .addIf(query.to, 'c.created_at <= $?::timestamptz')
      .addIf(query.user_ids?.length ? query.user_ids : undefined, 'c.assigned_agents && $?::int[]');
    if (query.inbox_id)
      scope.add(
        'c.conversation_display_id = ANY($?::int[])',
        await this.messaging.conversationsOfInbox(accountId, query.inbox_id),
      );

    const current = await this.stats.byStageAndStatus(scope);
    const visits = await this.stats.averageStays(scope);
    const conversions = await this.stats.conversions(
      scope,
      stages.map((stage) => stage.key),
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
        conversion_rate:
          entered === 0 ? 0 : Math.round(((conversion.get(stage.key)?.advanced ?? 0) / entered) * 10_000) / 10_000,
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
    const { card, visits } = await this.visits.visitsOf(accountId, id);
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
    const { visits } = await this.visits.visitsOf(accountId, id);
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
    const scope = cardConditions(accountId).addIf(funnelId, 'c.funnel_id = $?');
    const items = await this.stats.count(scope);
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
      last_events: events.map((event) => ({
        id: event.id,
        type: event.type,
        created_at: event.created_at.toISOString(),
      })),
    };
  }
}
