import { Controller, UseGuards } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { FunnelPatterns, KanbanItemPatterns as P, type RpcRequest } from '@parley/contracts';
import { KanbanEnabledGuard } from '../board-settings/kanban-enabled.guard';
import { CardBulkService } from './card-bulk.service';
import { CardMovesService } from './card-moves.service';

@Controller()
@UseGuards(KanbanEnabledGuard)
export class CardMovesHandlers {
  constructor(
    private readonly moves: CardMovesService,
    private readonly bulk: CardBulkService,
  ) {}

  @MessagePattern(P.moveToStage)
  moveToStage(@Payload() r: RpcRequest<typeof P.moveToStage>) {
    return this.moves.moveToStage(r.account_id, r.id, r.funnel_stage, r.funnel_id, r.position);
  }

  @MessagePattern(P.move)
  move(@Payload() r: RpcRequest<typeof P.move>) {
    return this.moves.moveToStage(r.account_id, r.id, r.funnel_stage, r.funnel_id, r.position);
  }

  @MessagePattern(P.reorder)
  reorder(@Payload() r: RpcRequest<typeof P.reorder>) {
    return this.moves.reorder(r.account_id, r.positions);
  }

  @MessagePattern(P.bulkMove)
  bulkMove(@Payload() r: RpcRequest<typeof P.bulkMove>) {
    return this.moves.bulkMove(r.account_id, r.item_ids, r.new_stage, r.funnel_id);
  }

  @MessagePattern(P.bulkAssignAgent)
  bulkAssignAgent(@Payload() r: RpcRequest<typeof P.bulkAssignAgent>) {
    return this.bulk.assignAgent(r, r.item_ids, r.agent_id, r.mode);
  }

  @MessagePattern(P.bulkSetPriority)
  bulkSetPriority(@Payload() r: RpcRequest<typeof P.bulkSetPriority>) {
    return this.bulk.setPriority(r.account_id, r.item_ids, r.priority);
  }

  /** A stage's deletion moves its cards first, so it lives with the moves. */
  @MessagePattern(FunnelPatterns.deleteStage)
  deleteStage(@Payload() r: RpcRequest<typeof FunnelPatterns.deleteStage>) {
    return this.moves.deleteStage(r.account_id, r.funnel_id, r.stage_id, r.fallback_stage_id);
  }
}
