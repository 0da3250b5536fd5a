import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  KanbanItemPatterns as P,
  type AccountScoped,
  type KanbanBatch,
  type KanbanCounts,
  type KanbanDebug,
  type KanbanItem,
  type KanbanItemPage,
  type KanbanReport,
  type KanbanStageTime,
  type KanbanTimeReport,
} from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { Scope } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { AgentIdDto, ChangeStatusDto, KanbanItemBodyDto } from './kanban-item.dto';
import {
  FunnelScopeQueryDto,
  KanbanBatchQueryDto,
  KanbanFilterQueryDto,
  KanbanItemQueryDto,
  KanbanReportQueryDto,
  KanbanSearchQueryDto,
} from './kanban-item-query.dto';
import {
  AssignedAgentsView,
  KanbanBatchView,
  KanbanCountsView,
  KanbanDebugView,
  KanbanItemPageView,
  KanbanItemView,
  KanbanReportView,
  KanbanStageTimeView,
  KanbanTimeReportView,
} from './kanban-item.responses';

/** Cards: lists, CRUD, agents, status and reports. Moves and bulk changes are in KanbanItemMovesController. */
@ApiTags('kanban')
@Controller('api/v1/accounts/:account_id/kanban_items')
export class KanbanItemsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOkResponse({ type: KanbanItemPageView, description: '25 per page, newest first' })
  list(@Scope() scope: AccountScoped, @Query() query: KanbanItemQueryDto): Promise<KanbanItemPage> {
    return this.rpc.send(P.list, { ...scope, query });
  }

  @Get('batch')
  @ApiOkResponse({
    type: KanbanBatchView,
    description: 'Per stage its first per_stage cards (page stage_page) by position, and the count of each stage',
  })
  batch(@Scope() scope: AccountScoped, @Query() query: KanbanBatchQueryDto): Promise<KanbanBatch> {
    return this.rpc.send(P.batch, { ...scope, query });
  }

  @Get('search')
  @ApiOkResponse({ type: KanbanItemPageView })
  search(@Scope() scope: AccountScoped, @Query() query: KanbanSearchQueryDto): Promise<KanbanItemPage> {
    return this.rpc.send(P.search, { ...scope, query });
  }

  @Get('filter')
  @ApiOkResponse({ type: KanbanItemPageView })
  filter(@Scope() scope: AccountScoped, @Query() query: KanbanFilterQueryDto): Promise<KanbanItemPage> {
    return this.rpc.send(P.filter, { ...scope, query });
  }

  @Get('reports')
  @ApiOkResponse({ type: KanbanReportView })
  reports(@Scope() scope: AccountScoped, @Query() query: KanbanReportQueryDto): Promise<KanbanReport> {
    return this.rpc.send(P.reports, { ...scope, query });
  }

  @Get('debug')
  @ApiOkResponse({ type: KanbanDebugView })
  debug(@Scope() scope: AccountScoped, @Query() query: FunnelScopeQueryDto): Promise<KanbanDebug> {
    return this.rpc.send(P.debug, { ...scope, funnel_id: query.funnel_id });
  }

  @Get('counts')
  @ApiOkResponse({ type: KanbanCountsView })
  counts(@Scope() scope: AccountScoped, @Query() query: FunnelScopeQueryDto): Promise<KanbanCounts> {
    return this.rpc.send(P.counts, { ...scope, funnel_id: query.funnel_id });
  }

  @Post()
  @ApiCreatedResponse({ type: KanbanItemView })
  create(@Scope() scope: AccountScoped, @Body() body: KanbanItemBodyDto): Promise<KanbanItem> {
    return this.rpc.send(P.create, { ...scope, data: body.kanban_item });
  }

  @Get(':id')
  @ApiOkResponse({ type: KanbanItemView })
  show(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<KanbanItem> {
    return this.rpc.send(P.show, { ...scope, id });
  }

  /** Never moves the card: a different stage, funnel or position → 422 naming the move endpoints. */
  @Patch(':id')
  @ApiOkResponse({ type: KanbanItemView })
  update(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: KanbanItemBodyDto,
  ): Promise<KanbanItem> {
    return this.rpc.send(P.update, { ...scope, id, data: { ...body.kanban_item } });
  }

  @Put(':id')
  @ApiOkResponse({ type: KanbanItemView })
  replace(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: KanbanItemBodyDto,
  ): Promise<KanbanItem> {
    return this.update(scope, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  async delete(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<void> {
    await this.rpc.send(P.delete, { ...scope, id });
  }

  @Post(':id/assign_agent')
  @HttpCode(200)
  @ApiOkResponse({ type: KanbanItemView })
  assignAgent(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: AgentIdDto,
  ): Promise<KanbanItem> {
    return this.rpc.send(P.assignAgent, { ...scope, id, agent_id: body.agent_id });
  }

  @Delete(':id/remove_agent')
  @ApiOkResponse({ type: KanbanItemView })
  removeAgent(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: AgentIdDto,
  ): Promise<KanbanItem> {
    return this.rpc.send(P.removeAgent, { ...scope, id, agent_id: body.agent_id });
  }

  @Get(':id/assigned_agents')
  @ApiOkResponse({ type: AssignedAgentsView })
  async assignedAgents(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<AssignedAgentsView> {
    return { assigned_agents: await this.rpc.send(P.assignedAgents, { ...scope, id }) };
  }

  @Post(':id/change_status')
  @HttpCode(200)
  @ApiOkResponse({ type: KanbanItemView })
  changeStatus(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: ChangeStatusDto,
  ): Promise<KanbanItem> {
    return this.rpc.send(P.changeStatus, { ...scope, id, status: body.status });
  }

  @Get(':id/time_report')
  @ApiOkResponse({ type: KanbanTimeReportView })
  timeReport(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<KanbanTimeReport> {
    return this.rpc.send(P.timeReport, { ...scope, id });
  }

  @Get(':id/stage_time_breakdown')
  @ApiOkResponse({ type: [KanbanStageTimeView] })
  stageTimeBreakdown(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<KanbanStageTime[]> {
    return this.rpc.send(P.stageTimeBreakdown, { ...scope, id });
  }
}
