import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { KanbanItemPatterns as P, type AccountScoped, type KanbanItem } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { Scope } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import {
  BulkAssignDto,
  BulkMoveDto,
  BulkPriorityDto,
  MoveDto,
  MoveToStageDto,
  ReorderItemsDto,
} from './kanban-item-moves.dto';
import { KanbanItemListView, KanbanItemView } from './kanban-item.responses';

/** Moves (stage-time history, won/lost by stage name, events) and bulk changes (all or nothing). */
@ApiTags('kanban')
@Controller('api/v1/accounts/:account_id/kanban_items')
export class KanbanItemMovesController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('reorder')
  @HttpCode(200)
  @ApiOkResponse({ type: KanbanItemListView, description: 'The cards named, at their new positions' })
  async reorder(@Scope() scope: AccountScoped, @Body() body: ReorderItemsDto): Promise<{ payload: KanbanItem[] }> {
    return { payload: await this.rpc.send(P.reorder, { ...scope, positions: body.positions }) };
  }

  @Post('bulk_move_items')
  @HttpCode(200)
  @ApiOkResponse({ type: KanbanItemListView })
  async bulkMove(@Scope() scope: AccountScoped, @Body() body: BulkMoveDto): Promise<{ payload: KanbanItem[] }> {
    return {
      payload: await this.rpc.send(P.bulkMove, {
        ...scope,
        item_ids: body.item_ids,
        new_stage: body.new_stage,
        funnel_id: body.funnel_id,
      }),
    };
  }

  @Post('bulk_assign_agent')
  @HttpCode(200)
  @ApiOkResponse({ type: KanbanItemListView })
  async bulkAssignAgent(
    @Scope() scope: AccountScoped,
    @Body() body: BulkAssignDto,
  ): Promise<{ payload: KanbanItem[] }> {
    return {
      payload: await this.rpc.send(P.bulkAssignAgent, {
        ...scope,
        item_ids: body.item_ids,
        agent_id: body.agent_id,
        mode: body.mode,
      }),
    };
  }

  @Post('bulk_set_priority')
  @HttpCode(200)
  @ApiOkResponse({ type: KanbanItemListView })
  async bulkSetPriority(
    @Scope() scope: AccountScoped,
    @Body() body: BulkPriorityDto,
  ): Promise<{ payload: KanbanItem[] }> {
    return {
      payload: await this.rpc.send(P.bulkSetPriority, { ...scope, item_ids: body.item_ids, priority: body.priority }),
    };
  }

  @Post(':id/move_to_stage')
  @HttpCode(200)
  @ApiOkResponse({ type: KanbanItemView })
  moveToStage(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: MoveToStageDto,
  ): Promise<KanbanItem> {
    return this.rpc.send(P.moveToStage, {
      ...scope,
      id,
      funnel_stage: body.funnel_stage,
      funnel_id: body.funnel_id,
      position: body.position,
    });
  }

  @Post(':id/move')
  @HttpCode(200)
  @ApiOkResponse({ type: KanbanItemView })
  move(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number, @Body() body: MoveDto): Promise<KanbanItem> {
    return this.rpc.send(P.move, {
      ...scope,
      id,
      funnel_id: body.funnel_id,
      funnel_stage: body.funnel_stage,
      position: body.position,
    });
  }
}
