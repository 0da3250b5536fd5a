import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiProduces, ApiTags, getSchemaPath } from '@nestjs/swagger';
import {
  ReportPatterns as P,
  type AccountScoped,
  type ConversationMetrics,
  type EntitySummaryKind,
  type EntitySummaryRow,
  type ModelState,
  type ReportSummary,
} from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import type { FastifyReply } from 'fastify';
import { AdminOnly, Scope } from '../auth/access.decorators';
import { Expensive } from '../rate-limit/expensive.decorators';
import { KnownQuery } from './known-query.guard';
import {
  EntitySummaryQueryDto,
  LiveConversationsQueryDto,
  MetricSeriesQueryDto,
  SeriesQueryDto,
  SummaryQueryDto,
  TrafficQueryDto,
  WINDOW_KEYS,
  WindowQueryDto,
} from './report.dto';
import { toReportCsv } from './report-csv.mapper';
import {
  BotMetricsView,
  ConversationMetricsView,
  EntitySummaryRowView,
  LiveAgentsView,
  LiveConversationsView,
  ReportSummaryView,
  SeriesPointView,
  TrafficCellView,
} from './report.responses';

const SUMMARY_PATHS: Record<EntitySummaryKind, string> = {
  agent: 'agents_summary',
  inbox: 'inboxes_summary',
  team: 'teams_summary',
  label: 'labels_summary',
};

const ENTITY_COLUMNS: Array<keyof EntitySummaryRow> = [
  'id',
  'name',
  'conversations_count',
  'resolved_conversations_count',
  'avg_first_response_time',
  'avg_resolution_time',
  'avg_reply_time',
];

const SUMMARY_COLUMNS: Array<keyof ReportSummary> = [
  'open_conversations_count',
  'agents_online_count',
  'average_first_response_time',
  'average_resolution_time',
  'average_response_time',
  'conversations_count',
  'incoming_messages_count',
  'outgoing_messages_count',
  'resolutions_count',
];

const SERIES_KEYS = [...WINDOW_KEYS, 'metric', 'type', 'id', 'group_by', 'business_hours', 'timezone'];

/** While a rebuild replays history the numbers are incomplete: the header says so. */
function flagState(reply: FastifyReply, state: ModelState): void {
  reply.header('x-report-rebuilding', String(state.rebuilding));
}

/** Reports (version 2 prefix), administrators only. Summary endpoints answer CSV with `format=csv` or `type=csv`. */
@ApiTags('reports')
@Controller('api/v2/accounts/:account_id/reports')
@AdminOnly()
export class ReportsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('summary')
  @Expensive('reports')
  @KnownQuery([...WINDOW_KEYS, 'type', 'id', 'format'])
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({ type: ReportSummaryView })
  async summary(
    @Scope() scope: AccountScoped,
    @Query() query: SummaryQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ReportSummaryView | string> {
    const csv = query.format === 'csv' || query.type === 'csv';
    const type = query.type === 'csv' ? 'account' : query.type;
    const answer = await this.rpc.send(P.summary, {
      ...scope,
      query: { since: query.since, until: query.until, type, id: query.id },
    });
    flagState(reply, answer);
    if (!csv) return answer.summary;
    this.csvHeaders(reply, 'summary');
    return toReportCsv([answer.summary], SUMMARY_COLUMNS);
  }

  @Get('conversations')
  @Expensive('reports')
  @KnownQuery(SERIES_KEYS)
  @ApiExtraModels(SeriesPointView, ConversationMetricsView)
  @ApiOkResponse({
    description:
      "With `metric`: the series. Without: the scope's conversations now (`type=account`, or `type=agent&id=`…)",
    schema: {
      oneOf: [
        { type: 'array', items: { $ref: getSchemaPath(SeriesPointView) } },
        { $ref: getSchemaPath(ConversationMetricsView) },
      ],
    },
  })
  async conversations(
    @Scope() scope: AccountScoped,
    @Query() query: SeriesQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SeriesPointView[] | ConversationMetrics> {
    if (query.metric === undefined) {
      const counts = await this.rpc.send(P.conversationMetrics, {
        ...scope,
        query: { type: query.type, id: query.id },
      });
      flagState(reply, counts);
      return counts.metrics;
    }
    const answer = await this.rpc.send(P.series, { ...scope, query });
    flagState(reply, answer);
    return answer.points;
  }

  /** The reference's path of the conversation series: the answer of `conversations` with a `metric`. */
  @Get()
  @Expensive('reports')
  @KnownQuery(SERIES_KEYS)
  @ApiOkResponse({ type: [SeriesPointView] })
  async series(
    @Scope() scope: AccountScoped,
    @Query() query: MetricSeriesQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SeriesPointView[]> {
    const answer = await this.rpc.send(P.series, { ...scope, query });
    flagState(reply, answer);
    return answer.points;
  }

  @Get('agents_summary')
  @Expensive('reports')
  @KnownQuery([...WINDOW_KEYS, 'format', 'type'])
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({ type: [EntitySummaryRowView] })
  agents(
    @Scope() scope: AccountScoped,
    @Query() query: EntitySummaryQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<EntitySummaryRow[] | string> {
    return this.entities(scope, 'agent', query, reply);
  }

  @Get('inboxes_summary')
  @Expensive('reports')
  @KnownQuery([...WINDOW_KEYS, 'format', 'type'])
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({ type: [EntitySummaryRowView] })
  inboxes(
    @Scope() scope: AccountScoped,
    @Query() query: EntitySummaryQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<EntitySummaryRow[] | string> {
    return this.entities(scope, 'inbox', query, reply);
  }

  @Get('teams_summary')
  @Expensive('reports')
  @KnownQuery([...WINDOW_KEYS, 'format', 'type'])
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({ type: [EntitySummaryRowView] })
  teams(
    @Scope() scope: AccountScoped,
    @Query() query: EntitySummaryQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<EntitySummaryRow[] | string> {
    return this.entities(scope, 'team', query, reply);
  }

  @Get('labels_summary')
  @Expensive('reports')
  @KnownQuery([...WINDOW_KEYS, 'format', 'type'])
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({ type: [EntitySummaryRowView] })
  labels(
    @Scope() scope: AccountScoped,
    @Query() query: EntitySummaryQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<EntitySummaryRow[] | string> {
    return this.entities(scope, 'label', query, reply);
  }

  @Get('live/conversations')
  @Expensive('reports')
  @KnownQuery(['group_by'])
  @ApiOkResponse({ type: LiveConversationsView })
  async liveConversations(
    @Scope() scope: AccountScoped,
    @Query() query: LiveConversationsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LiveConversationsView> {
    const answer = await this.rpc.send(P.liveConversations, { ...scope, per_team: query.group_by === 'team' });
    flagState(reply, answer);
    return answer.live as LiveConversationsView;
  }

  @Get('live/agents')
  @Expensive('reports')
  @KnownQuery([])
  @ApiOkResponse({ type: LiveAgentsView })
  async liveAgents(
    @Scope() scope: AccountScoped,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<LiveAgentsView> {
    const answer = await this.rpc.send(P.liveAgents, scope);
    flagState(reply, answer);
    return answer.live;
  }

  @Get('conversations_traffic')
  @Expensive('reports')
  @KnownQuery([...WINDOW_KEYS, 'timezone'])
  @ApiOkResponse({ type: [TrafficCellView] })
  async traffic(
    @Scope() scope: AccountScoped,
    @Query() query: TrafficQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<TrafficCellView[]> {
    const answer = await this.rpc.send(P.traffic, { ...scope, query });
    flagState(reply, answer);
    return answer.cells;
  }

  @Get('bot_metrics')
  @Expensive('reports')
  @KnownQuery(WINDOW_KEYS)
  @ApiOkResponse({ type: BotMetricsView })
  async botMetrics(
    @Scope() scope: AccountScoped,
    @Query() query: WindowQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<BotMetricsView> {
    const answer = await this.rpc.send(P.botMetrics, { ...scope, query: { since: query.since, until: query.until } });
    flagState(reply, answer);
    return answer.metrics;
  }

  private async entities(
    scope: AccountScoped,
    kind: EntitySummaryKind,
    query: EntitySummaryQueryDto,
    reply: FastifyReply,
  ): Promise<EntitySummaryRow[] | string> {
    const answer = await this.rpc.send(P.entitySummaries, {
      ...scope,
      kind,
      query: { since: query.since, until: query.until },
    });
    flagState(reply, answer);
    if (query.format !== 'csv' && query.type !== 'csv') return answer.rows;
    this.csvHeaders(reply, SUMMARY_PATHS[kind]);
    return toReportCsv(answer.rows, ENTITY_COLUMNS);
  }

  private csvHeaders(reply: FastifyReply, name: string): void {
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.csv"`);
  }
}
