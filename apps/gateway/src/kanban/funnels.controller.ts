import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  FunnelPatterns,
  KanbanItemPatterns,
  type AccountScoped,
  type Funnel,
  type KanbanItemPage,
  type StageStats,
} from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { AdminOnly, Scope } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { FunnelBodyDto, FunnelListQueryDto, ReorderStagesDto } from './funnel.dto';
import { FunnelView, STAGE_STATS_SCHEMA } from './funnel.responses';
import { KanbanItemQueryDto } from './kanban-item-query.dto';
import { KanbanItemPageView } from './kanban-item.responses';

/** Funnels: members read them, administrators shape them. `/kanban/funnels` mirrors the list and create (same bodies). */
@ApiTags('kanban')
@Controller('api/v1/accounts/:account_id')
export class FunnelsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get(['funnels', 'kanban/funnels'])
  @ApiOkResponse({ type: [FunnelView], description: 'Active funnels (archived ones too with include_archived=true)' })
  list(@Scope() scope: AccountScoped, @Query() query: FunnelListQueryDto): Promise<Funnel[]> {
    return this.rpc.send(FunnelPatterns.list, { ...scope, include_archived: query.include_archived === true });
  }

  @Post(['funnels', 'kanban/funnels'])
  @AdminOnly()
  @ApiCreatedResponse({ type: FunnelView })
  create(@Scope() scope: AccountScoped, @Body() body: FunnelBodyDto): Promise<Funnel> {
    return this.rpc.send(FunnelPatterns.create, { ...scope, data: body.funnel });
  }

  @Get('funnels/:id')
  @ApiOkResponse({ type: FunnelView })
  show(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<Funnel> {
    return this.rpc.send(FunnelPatterns.show, { ...scope, id });
  }

  @Patch('funnels/:id')
  @AdminOnly()
  @ApiOkResponse({ type: FunnelView })
  update(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number, @Body() body: FunnelBodyDto): Promise<Funnel> {
    return this.rpc.send(FunnelPatterns.update, { ...scope, id, data: body.funnel });
  }

  @Put('funnels/:id')
  @AdminOnly()
  @ApiOkResponse({ type: FunnelView })
  replace(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: FunnelBodyDto,
  ): Promise<Funnel> {
    return this.update(scope, id, body);
  }

  /** Irreversible: the funnel's cards go with it (use `active: false` to archive). */
  @Delete('funnels/:id')
  @AdminOnly()
  @HttpCode(204)
  @ApiNoContentResponse()
  async delete(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<void> {
    await this.rpc.send(FunnelPatterns.delete, { ...scope, id });
  }

  @Get('funnels/:id/stage_stats')
  @ApiOkResponse({
    schema: STAGE_STATS_SCHEMA,
    description: 'Stage id → {name, count, total_value} of the cards now there',
  })
  stageStats(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<StageStats> {
    return this.rpc.send(FunnelPatterns.stageStats, { ...scope, id });
  }

  @Patch('funnels/:id/reorder')
  @AdminOnly()
  @ApiOkResponse({ type: FunnelView })
  reorder(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: ReorderStagesDto,
  ): Promise<Funnel> {
    return this.rpc.send(FunnelPatterns.reorder, { ...scope, id, stages: body.stages });
  }

  @Get('funnels/:funnel_id/kanban_items')
  @ApiOkResponse({ type: KanbanItemPageView })
  items(
    @Scope() scope: AccountScoped,
    @Param('funnel_id', IdPipe) funnelId: number,
    @Query() query: KanbanItemQueryDto,
  ): Promise<KanbanItemPage> {
    return this.rpc.send(KanbanItemPatterns.list, {
      ...scope,
      query: { ...query, funnel_id: funnelId },
      funnel_in_path: true,
    });
  }
}
