import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ReportErrors,
  type BotMetrics,
  type ConversationMetrics,
  type EntitySummaryKind,
  type EntitySummaryRow,
  type LiveAgents,
  type LiveConversations,
  type ReportMetric,
  type ReportScope,
  type ReportSummary,
  type ReportSummaryWithPrevious,
  type ReportWindowQuery,
  type SeriesPoint,
  type SeriesQuery,
  type SummaryQuery,
  type TrafficCell,
} from '@parley/contracts';
import { DomainError } from '@parley/service-kit';
import type { DataSource } from 'typeorm';
import { CsatService } from '../csat/csat.service';
import { ConversationStatesLoader } from '../ingestion/conversation-states.loader';
import { ModelLoader } from '../ingestion/model.loader';
import { MessagingViewLoader } from '../read-models/messaging-view/messaging-view.loader';
import { REPORTING_CONFIG, type ReportingConfig } from '../reporting.config';
import { previousWindow, windowOf } from '../report-window/report-window.rules';
import { average, metricOf, scopeOf, zoneAlignment, zoneOf, type Zone } from './report-query.rules';
import { ReportsQuery, type Totals } from './reports.query';

/** The value of a series metric in one bucket. */
function metricValue(metric: ReportMetric, totals: Totals, businessHours: boolean): number {
  switch (metric) {
    case 'conversations_count':
      return totals.conversations;
    case 'incoming_messages_count':
      return totals.incoming;
    case 'outgoing_messages_count':
      return totals.outgoing;
    case 'resolutions_count':
      return totals.resolutions;
    case 'bot_resolutions_count':
      return totals.bot_resolutions;
    case 'bot_handoffs_count':
      return totals.bot_handoffs;
    case 'avg_first_response_time':
      return average(businessHours ? totals.frt_bh_sum : totals.frt_sum, totals.frt_n);
    case 'avg_resolution_time':
      return average(businessHours ? totals.res_bh_sum : totals.res_sum, totals.resolutions);
  }
}

/** The summary's figures that depend on the window. */
function windowedFigures(totals: Totals): Omit<ReportSummary, 'open_conversations_count' | 'agents_online_count'> {
  return {
    average_first_response_time: average(totals.frt_sum, totals.frt_n),
    average_resolution_time: average(totals.res_sum, totals.resolutions),
    average_response_time: average(totals.reply_sum, totals.reply_n),
    conversations_count: totals.conversations,
    incoming_messages_count: totals.incoming,
    outgoing_messages_count: totals.outgoing,
    resolutions_count: totals.resolutions,
  };
}

const now = () => Math.floor(Date.now() / 1000);

/** The report use cases: window and parameter rules, then reads of the model. */
@Injectable()
export class ReportsService {
  constructor(
    private readonly query: ReportsQuery,
    private readonly states: ConversationStatesLoader,
    private readonly view: MessagingViewLoader,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REPORTING_CONFIG) private readonly config: ReportingConfig,
    private readonly csat: CsatService,
    private readonly model: ModelLoader,
  ) {}

  async summary(accountId: number, input: SummaryQuery): Promise<ReportSummaryWithPrevious> {
    const scope = scopeOf(input);
    const window = windowOf(input, this.config, now());
    const key = await this.scopeKey(accountId, scope);
    const manager = this.db.manager;
    const agents = await this.view.agents(manager, accountId);
    const online = agents.filter(
      (agent) => agent.availability_status === 'online' && (scope.type !== 'agent' || agent.id === scope.id),
    );
    // Both are "now", whatever the window: the previous window shows the same values.
    const live = {
      open_conversations_count: (
        await this.states.countsIn(manager, accountId, scope.type, await this.stateIdOf(accountId, scope))
      ).open,
      agents_online_count: online.length,
    };
    const [current, previous] = await Promise.all(
      [window, previousWindow(window)].map((range) => this.query.totals(accountId, scope.type, key, range)),
    );
    return { ...live, ...windowedFigures(current), previous: { ...live, ...windowedFigures(previous) } };
  }

  /** `reports/conversations` without `metric`: the scope's open, unattended and unassigned conversations now. */
  async conversationMetrics(accountId: number, input: SummaryQuery): Promise<ConversationMetrics> {
    const scope = scopeOf(input);
    return this.states.countsIn(this.db.manager, accountId, scope.type, await this.stateIdOf(accountId, scope));
  }

  async series(accountId: number, input: SeriesQuery): Promise<SeriesPoint[]> {
    const metric = metricOf(input);
    const scope = scopeOf(input);
    const window = windowOf(input, this.config, now());
    const zone = await this.zoneOf(input);
    const key = await this.scopeKey(accountId, scope);
    const buckets = await this.query.series(
      accountId,
      scope.type,
      key,
      window,
      input.group_by ?? 'day',
      zone,
      zoneAlignment(zone, window),
    );
    return buckets.map(({ timestamp, totals }) => ({
      timestamp,
      value: metricValue(metric, totals, input.business_hours === true),
    }));
  }

  async entitySummaries(
    accountId: number,
    kind: EntitySummaryKind,
    input: ReportWindowQuery,
  ): Promise<EntitySummaryRow[]> {
    const window = windowOf(input, this.config, now());
    const totals = await this.query.perEntity(accountId, kind, window);
    const entities =
      kind === 'label'
        ? await this.model.labels(this.db.manager, accountId)
        : await this.view.entities(this.db.manager, accountId, kind);
    return entities.map((entity) => {
      const row = entity.key === null ? undefined : totals.get(entity.key);
      return {
        id: entity.id,
        name: entity.name,
        conversations_count: row?.conversations ?? 0,
        resolved_conversations_count: row?.resolutions ?? 0,
        avg_first_response_time: row ? average(row.frt_sum, row.frt_n) : 0,
        avg_resolution_time: row ? average(row.res_sum, row.resolutions) : 0,
        avg_reply_time: row ? average(row.reply_sum, row.reply_n) : 0,
      };
    });
  }

  async liveConversations(accountId: number, perTeam: boolean): Promise<LiveConversations> {
    const rows = await this.states.liveCounts(this.db.manager, accountId);
    const total = { open: 0, unattended: 0, unassigned: 0, pending: 0 };
    for (const row of rows) for (const key of Object.keys(total) as Array<keyof typeof total>) total[key] += row[key];
    if (!perTeam) return total;
    const names = await this.view.teamNames(this.db.manager, accountId);
    return {
      ...total,
      teams: rows.map((row) => ({ ...row, name: row.team_id === null ? null : (names.get(row.team_id) ?? null) })),
    };
  }

  async liveAgents(accountId: number): Promise<LiveAgents> {
    const agents = await this.view.agents(this.db.manager, accountId);
    const open = await this.states.openPerAssignee(this.db.manager, accountId);
    const count = (status: string) => agents.filter((agent) => agent.availability_status === status).length;
    return {
      online: count('online'),
      busy: count('busy'),
      offline: count('offline'),
      agents: agents.map((agent) => ({ ...agent, open_conversations_count: open.get(agent.id) ?? 0 })),
    };
  }

  async traffic(
    accountId: number,
    input: ReportWindowQuery & { timezone_offset?: number; timezone?: string },
  ): Promise<TrafficCell[]> {
    const window = windowOf(input, this.config, now());
    const zone = await this.zoneOf(input);
    const counts = await this.query.traffic(
      accountId,
      window,
      zone,
      zoneAlignment(zone, window) === 'none' ? 'none' : 'hour',
    );
    const byCell = new Map(counts.map((cell) => [`${cell.dow}:${cell.hour}`, cell.count]));
    const cells: TrafficCell[] = [];
    for (let day = 0; day < 7; day++) {
      for (let hour = 0; hour < 24; hour++)
        cells.push({ day_of_week: day, hour, conversations_count: byCell.get(`${day}:${hour}`) ?? 0 });
    }
    return cells;
  }

  /** Bot sessions started in the window, how many the bot resolved alone or handed to people, and satisfaction after bots. */
  async botMetrics(accountId: number, input: ReportWindowQuery): Promise<BotMetrics> {
    const window = windowOf(input, this.config, now());
    const totals = await this.query.totals(accountId, 'account', 0, window);
    const rate = (part: number) =>
      totals.bot_sessions > 0 ? Math.round((part / totals.bot_sessions) * 10_000) / 100 : 0;
    return {
      bot_sessions_count: totals.bot_sessions,
      bot_resolutions_count: totals.bot_resolutions,
      auto_resolve_rate: rate(totals.bot_resolutions),
      bot_handoffs_count: totals.bot_handoffs,
      handoff_rate: rate(totals.bot_handoffs),
      post_bot_satisfaction: await this.csat.postBotSatisfaction(accountId, window),
    };
  }

  /** Conversation states carry labels by title, every other scope by id. */
  private async stateIdOf(accountId: number, scope: { type: ReportScope; id: number }): Promise<number | string> {
    return scope.type === 'label'
      ? ((await this.view.labelTitle(this.db.manager, accountId, scope.id)) ?? '')
      : scope.id;
  }

  /** The query's zone, known to the runtime and to PostgreSQL alike (else a 400 naming it). */
  private async zoneOf(input: { timezone?: string; timezone_offset?: number }): Promise<Zone> {
    const zone = zoneOf(input);
    if ('name' in zone && !(await this.query.knowsZone(zone.name))) {
      throw new DomainError(ReportErrors.unknownTimezone, `Unknown time zone "${zone.name}"`, ['timezone']);
    }
    return zone;
  }

  /** The id the model files the scope's facts under: labels are keyed by title (-1 for a label never seen). */
  private scopeKey(accountId: number, scope: { type: ReportScope; id: number }): Promise<number> {
    return scope.type === 'label'
      ? this.model.labelKey(this.db.manager, accountId, scope.id)
      : Promise.resolve(scope.id);
  }
}
