import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AgentPatterns, type RpcRequest } from '@parley/contracts';
import { IdentityService } from '../identity/identity.service';
import { ActivationService } from './activation.service';
import { AgentsService } from './agents.service';

@Controller()
export class AgentsHandlers {
  constructor(
    private readonly agents: AgentsService,
    private readonly activation: ActivationService,
    private readonly identity: IdentityService,
  ) {}

  @MessagePattern(AgentPatterns.list)
  list(@Payload() r: RpcRequest<typeof AgentPatterns.list>) {
    return this.agents.list(r.account_id);
  }

  @MessagePattern(AgentPatterns.invite)
  invite(@Payload() r: RpcRequest<typeof AgentPatterns.invite>) {
    return this.agents.invite(r.account_id, r.data);
  }

  @MessagePattern(AgentPatterns.update)
  update(@Payload() r: RpcRequest<typeof AgentPatterns.update>) {
    return this.agents.update(r.account_id, r.id, r.data);
  }

  @MessagePattern(AgentPatterns.delete)
  delete(@Payload() r: RpcRequest<typeof AgentPatterns.delete>) {
    return this.agents.delete(r.account_id, r.id);
  }

  @MessagePattern(AgentPatterns.activate)
  activate(@Payload() r: RpcRequest<typeof AgentPatterns.activate>) {
    return this.activation.activate(r.data);
  }

  @MessagePattern(AgentPatterns.updateProfile)
  updateProfile(@Payload() r: RpcRequest<typeof AgentPatterns.updateProfile>) {
    return this.identity.updateProfile(r.caller.user_id, r.data);
  }
}
