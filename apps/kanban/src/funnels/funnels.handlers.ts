import { Controller, UseGuards } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { FunnelPatterns as P, type RpcRequest } from '@parley/contracts';
import { KanbanEnabledGuard } from '../board-settings/kanban-enabled.guard';
import { FunnelsService } from './funnels.service';

@Controller()
@UseGuards(KanbanEnabledGuard)
export class FunnelsHandlers {
  constructor(private readonly funnels: FunnelsService) {}

  @MessagePattern(P.list)
  list(@Payload() r: RpcRequest<typeof P.list>) {
    return this.funnels.list(r.account_id, r.include_archived === true);
  }

  @MessagePattern(P.show)
  show(@Payload() r: RpcRequest<typeof P.show>) {
    return this.funnels.show(r.account_id, r.id);
  }

  @MessagePattern(P.create)
  create(@Payload() r: RpcRequest<typeof P.create>) {
    return this.funnels.create(r.account_id, r.data);
  }

  @MessagePattern(P.update)
  update(@Payload() r: RpcRequest<typeof P.update>) {
    return this.funnels.update(r.account_id, r.id, r.data);
  }

  @MessagePattern(P.delete)
  delete(@Payload() r: RpcRequest<typeof P.delete>) {
    return this.funnels.delete(r.account_id, r.id);
  }

  @MessagePattern(P.reorder)
  reorder(@Payload() r: RpcRequest<typeof P.reorder>) {
    return this.funnels.reorder(r.account_id, r.id, r.stages);
  }

  @MessagePattern(P.listStages)
  listStages(@Payload() r: RpcRequest<typeof P.listStages>) {
    return this.funnels.stages(r.account_id, r.funnel_id);
  }

  @MessagePattern(P.showStage)
  showStage(@Payload() r: RpcRequest<typeof P.showStage>) {
    return this.funnels.stage(r.account_id, r.funnel_id, r.stage_id);
  }

  @MessagePattern(P.createStage)
  createStage(@Payload() r: RpcRequest<typeof P.createStage>) {
    return this.funnels.createStage(r.account_id, r.funnel_id, r.stage);
  }

  @MessagePattern(P.updateStage)
  updateStage(@Payload() r: RpcRequest<typeof P.updateStage>) {
    return this.funnels.updateStage(r.account_id, r.funnel_id, r.stage_id, r.stage);
  }
}
