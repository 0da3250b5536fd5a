import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AgentBotPatterns, InboxPatterns, type RpcRequest } from '@parley/contracts';
import { AgentBotsService } from './agent-bots.service';

@Controller()
export class AgentBotsHandlers {
  constructor(private readonly bots: AgentBotsService) {}

  @MessagePattern(AgentBotPatterns.list)
  list(@Payload() r: RpcRequest<typeof AgentBotPatterns.list>) {
    return this.bots.list(r.account_id);
  }

  @MessagePattern(AgentBotPatterns.show)
  show(@Payload() r: RpcRequest<typeof AgentBotPatterns.show>) {
    return this.bots.show(r.account_id, r.id);
  }

  @MessagePattern(AgentBotPatterns.create)
  create(@Payload() r: RpcRequest<typeof AgentBotPatterns.create>) {
    return this.bots.create(r.account_id, r.data);
  }

  @MessagePattern(AgentBotPatterns.update)
  update(@Payload() r: RpcRequest<typeof AgentBotPatterns.update>) {
    return this.bots.update(r.account_id, r.id, r.data);
  }

  @MessagePattern(AgentBotPatterns.delete)
  delete(@Payload() r: RpcRequest<typeof AgentBotPatterns.delete>) {
    return this.bots.delete(r.account_id, r.id);
  }

  @MessagePattern(InboxPatterns.showAgentBot)
  ofInbox(@Payload() r: RpcRequest<typeof InboxPatterns.showAgentBot>) {
    return this.bots.ofInbox(r.account_id, r.id);
  }

  @MessagePattern(InboxPatterns.setAgentBot)
  connect(@Payload() r: RpcRequest<typeof InboxPatterns.setAgentBot>) {
    return this.bots.connect(r.account_id, r.id, r.agent_bot);
  }
}
