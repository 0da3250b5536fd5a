import { Controller, UseGuards } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { KanbanItemPatterns as P, type RpcRequest } from '@parley/contracts';
import { KanbanEnabledGuard } from '../board-settings/kanban-enabled.guard';
import { CardSearchQuery } from './card-search.query';

@Controller()
@UseGuards(KanbanEnabledGuard)
export class CardSearchHandlers {
  constructor(private readonly queries: CardSearchQuery) {}

  @MessagePattern(P.search)
  search(@Payload() r: RpcRequest<typeof P.search>) {
    return this.queries.search(r.account_id, r.query);
  }

  @MessagePattern(P.filter)
  filter(@Payload() r: RpcRequest<typeof P.filter>) {
    return this.queries.filter(r.account_id, r.query);
  }
}
