import { Controller, UseGuards } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChecklistPatterns as P, type RpcRequest } from '@parley/contracts';
import { KanbanEnabledGuard } from '../board-settings/kanban-enabled.guard';
import { ChecklistsService } from './checklists.service';

@Controller()
@UseGuards(KanbanEnabledGuard)
export class ChecklistsHandlers {
  constructor(private readonly checklists: ChecklistsService) {}

  @MessagePattern(P.create)
  create(@Payload() r: RpcRequest<typeof P.create>) {
    return this.checklists.create(r, r.id, r.data);
  }

  @MessagePattern(P.list)
  list(@Payload() r: RpcRequest<typeof P.list>) {
    return this.checklists.list(r.account_id, r.id);
  }

  @MessagePattern(P.update)
  update(@Payload() r: RpcRequest<typeof P.update>) {
    return this.checklists.update(r, r.id, r.checklist_item_id, r.data);
  }

  @MessagePattern(P.toggle)
  toggle(@Payload() r: RpcRequest<typeof P.toggle>) {
    return this.checklists.toggle(r.account_id, r.id, r.checklist_item_id);
  }

  @MessagePattern(P.delete)
  delete(@Payload() r: RpcRequest<typeof P.delete>) {
    return this.checklists.delete(r.account_id, r.id, r.checklist_item_id);
  }

  @MessagePattern(P.assignAgent)
  assignAgent(@Payload() r: RpcRequest<typeof P.assignAgent>) {
    return this.checklists.assignAgent(r, r.id, r.checklist_item_id, r.agent_id);
  }

  @MessagePattern(P.removeAgent)
  removeAgent(@Payload() r: RpcRequest<typeof P.removeAgent>) {
    return this.checklists.removeAgent(r.account_id, r.id, r.checklist_item_id);
  }

  @MessagePattern(P.duplicate)
  duplicate(@Payload() r: RpcRequest<typeof P.duplicate>) {
    return this.checklists.duplicate(r.account_id, r.id, r.target_item_id, r.merge);
  }

  @MessagePattern(P.search)
  search(@Payload() r: RpcRequest<typeof P.search>) {
    return this.checklists.search(r.account_id, r.id, r.query, r.all);
  }

  @MessagePattern(P.progressByAgent)
  progressByAgent(@Payload() r: RpcRequest<typeof P.progressByAgent>) {
    return this.checklists.progressByAgent(r.account_id, r.id);
  }
}
