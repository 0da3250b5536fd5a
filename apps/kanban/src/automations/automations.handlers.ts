import { Controller, UseGuards } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { KanbanAutomationPatterns as P, type RpcRequest } from '@parley/contracts';
import { KanbanEnabledGuard } from '../board-settings/kanban-enabled.guard';
import { AutomationsService } from './automations.service';

@Controller()
@UseGuards(KanbanEnabledGuard)
export class AutomationsHandlers {
  constructor(private readonly automations: AutomationsService) {}

  @MessagePattern(P.list)
  list(@Payload() r: RpcRequest<typeof P.list>) {
    return this.automations.list(r.account_id);
  }

  @MessagePattern(P.show)
  show(@Payload() r: RpcRequest<typeof P.show>) {
    return this.automations.show(r.account_id, r.id);
  }

  @MessagePattern(P.create)
  create(@Payload() r: RpcRequest<typeof P.create>) {
    return this.automations.create(r, r.data);
  }

  @MessagePattern(P.update)
  update(@Payload() r: RpcRequest<typeof P.update>) {
    return this.automations.update(r, r.id, r.data);
  }

  @MessagePattern(P.delete)
  delete(@Payload() r: RpcRequest<typeof P.delete>) {
    return this.automations.delete(r.account_id, r.id);
  }

  @MessagePattern(P.runs)
  runs(@Payload() r: RpcRequest<typeof P.runs>) {
    return this.automations.runs(r.account_id, r.id);
  }
}
