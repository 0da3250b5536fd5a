import { Controller, UseGuards } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { KanbanItemPatterns as P, type RpcRequest } from '@parley/contracts';
import { KanbanEnabledGuard } from '../board-settings/kanban-enabled.guard';
import { CardListsQuery } from './card-lists.query';
import { CardsService } from './cards.service';

@Controller()
@UseGuards(KanbanEnabledGuard)
export class CardsHandlers {
  constructor(
    private readonly cards: CardsService,
    private readonly queries: CardListsQuery,
  ) {}

  @MessagePattern(P.list)
  list(@Payload() r: RpcRequest<typeof P.list>) {
    return this.queries.list(r.account_id, r.query, r.funnel_in_path === true);
  }

  @MessagePattern(P.batch)
  batch(@Payload() r: RpcRequest<typeof P.batch>) {
    return this.queries.batch(r.account_id, r.query);
  }

  @MessagePattern(P.counts)
  counts(@Payload() r: RpcRequest<typeof P.counts>) {
    return this.queries.counts(r.account_id, r.funnel_id);
  }

  @MessagePattern(P.show)
  show(@Payload() r: RpcRequest<typeof P.show>) {
    return this.cards.show(r.account_id, r.id);
  }

  @MessagePattern(P.create)
  create(@Payload() r: RpcRequest<typeof P.create>) {
    return this.cards.create(r, r.data);
  }

  @MessagePattern(P.update)
  update(@Payload() r: RpcRequest<typeof P.update>) {
    return this.cards.update(r, r.id, r.data);
  }

  @MessagePattern(P.delete)
  delete(@Payload() r: RpcRequest<typeof P.delete>) {
    return this.cards.delete(r.account_id, r.id);
  }

  @MessagePattern(P.assignAgent)
  assignAgent(@Payload() r: RpcRequest<typeof P.assignAgent>) {
    return this.cards.assignAgent(r, r.id, r.agent_id);
  }

  @MessagePattern(P.removeAgent)
  removeAgent(@Payload() r: RpcRequest<typeof P.removeAgent>) {
    return this.cards.removeAgent(r, r.id, r.agent_id);
  }

  @MessagePattern(P.assignedAgents)
  assignedAgents(@Payload() r: RpcRequest<typeof P.assignedAgents>) {
    return this.cards.assignedAgents(r.account_id, r.id);
  }

  @MessagePattern(P.changeStatus)
  changeStatus(@Payload() r: RpcRequest<typeof P.changeStatus>) {
    return this.cards.changeStatus(r.account_id, r.id, r.status);
  }
}
