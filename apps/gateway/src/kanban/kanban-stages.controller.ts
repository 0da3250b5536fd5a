import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { FunnelPatterns, type AccountScoped, type FunnelStage } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { AdminOnly, Scope } from '../auth/access.decorators';
import { StageIdPipe } from './stage-id.pipe';
import { StageBodyDto, StageDeleteQueryDto, StagePathQueryDto, StageQueryDto } from './funnel.dto';
import { FunnelStageView } from './funnel.responses';

/** `/kanban/stages`: the stages of one funnel (`funnel_id`), addressed by their string ids. */
@ApiTags('kanban')
@Controller('api/v1/accounts/:account_id/kanban/stages')
export class KanbanStagesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOkResponse({ type: [FunnelStageView] })
  list(@Scope() scope: AccountScoped, @Query() query: StageQueryDto): Promise<FunnelStage[]> {
    return this.rpc.send(FunnelPatterns.listStages, { ...scope, funnel_id: query.funnel_id });
  }

  @Post()
  @AdminOnly()
  @ApiCreatedResponse({ type: FunnelStageView })
  create(@Scope() scope: AccountScoped, @Body() body: StageBodyDto): Promise<FunnelStage> {
    return this.rpc.send(FunnelPatterns.createStage, { ...scope, funnel_id: body.funnel_id, stage: body.stage });
  }

  @Get(':id')
  @ApiOkResponse({ type: FunnelStageView })
  show(
    @Scope() scope: AccountScoped,
    @Param('id', StageIdPipe) id: string,
    @Query() query: StagePathQueryDto,
  ): Promise<FunnelStage> {
    return this.rpc.send(FunnelPatterns.showStage, { ...scope, funnel_id: query.funnel_id, stage_id: id });
  }

  @Patch(':id')
  @AdminOnly()
  @ApiOkResponse({ type: FunnelStageView })
  update(
    @Scope() scope: AccountScoped,
    @Param('id', StageIdPipe) id: string,
    @Body() body: StageBodyDto,
  ): Promise<FunnelStage> {
    return this.rpc.send(FunnelPatterns.updateStage, {
      ...scope,
      funnel_id: body.funnel_id,
      stage_id: id,
      stage: body.stage,
    });
  }

  @Put(':id')
  @AdminOnly()
  @ApiOkResponse({ type: FunnelStageView })
  replace(
    @Scope() scope: AccountScoped,
    @Param('id', StageIdPipe) id: string,
    @Body() body: StageBodyDto,
  ): Promise<FunnelStage> {
    return this.update(scope, id, body);
  }

  /** Its cards move to `fallback_stage_id` first (required while it has cards → 422). */
  @Delete(':id')
  @AdminOnly()
  @HttpCode(204)
  @ApiNoContentResponse()
  async delete(
    @Scope() scope: AccountScoped,
    @Param('id', StageIdPipe) id: string,
    @Query() query: StageDeleteQueryDto,
  ): Promise<void> {
    await this.rpc.send(FunnelPatterns.deleteStage, {
      ...scope,
      funnel_id: query.funnel_id,
      stage_id: id,
      fallback_stage_id: query.fallback_stage_id,
    });
  }
}
