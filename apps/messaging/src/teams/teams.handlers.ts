import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { TeamPatterns, type RpcRequest } from '@parley/contracts';
import { TeamsService } from './teams.service';

@Controller()
export class TeamsHandlers {
  constructor(private readonly teams: TeamsService) {}

  @MessagePattern(TeamPatterns.list)
  list(@Payload() r: RpcRequest<typeof TeamPatterns.list>) {
    return this.teams.list(r.account_id, r.caller.user_id);
  }

  @MessagePattern(TeamPatterns.show)
  show(@Payload() r: RpcRequest<typeof TeamPatterns.show>) {
    return this.teams.show(r.account_id, r.id, r.caller.user_id);
  }

  @MessagePattern(TeamPatterns.create)
  create(@Payload() r: RpcRequest<typeof TeamPatterns.create>) {
    return this.teams.create(r.account_id, r.data, r.caller.user_id);
  }

  @MessagePattern(TeamPatterns.update)
  update(@Payload() r: RpcRequest<typeof TeamPatterns.update>) {
    return this.teams.update(r.account_id, r.id, r.data, r.caller.user_id);
  }

  @MessagePattern(TeamPatterns.delete)
  delete(@Payload() r: RpcRequest<typeof TeamPatterns.delete>) {
    return this.teams.delete(r.account_id, r.id);
  }

  @MessagePattern(TeamPatterns.listMembers)
  listMembers(@Payload() r: RpcRequest<typeof TeamPatterns.listMembers>) {
    return this.teams.listMembers(r.account_id, r.id);
  }

  @MessagePattern(TeamPatterns.addMembers)
  addMembers(@Payload() r: RpcRequest<typeof TeamPatterns.addMembers>) {
    return this.teams.addMembers(r.account_id, r.id, r.user_ids);
  }

  @MessagePattern(TeamPatterns.setMembers)
  setMembers(@Payload() r: RpcRequest<typeof TeamPatterns.setMembers>) {
    return this.teams.setMembers(r.account_id, r.id, r.user_ids);
  }

  @MessagePattern(TeamPatterns.removeMembers)
  removeMembers(@Payload() r: RpcRequest<typeof TeamPatterns.removeMembers>) {
    return this.teams.removeMembers(r.account_id, r.id, r.user_ids);
  }
}
