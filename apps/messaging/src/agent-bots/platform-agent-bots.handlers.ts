import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PlatformAgentBotPatterns as P, type RpcRequest } from '@parley/contracts';
import { AgentBotsService } from './agent-bots.service';

/** The platform's bots (no account): the gateway has checked the platform token. */
@Controller()
export class PlatformAgentBotsHandlers {
  constructor(private readonly bots: AgentBotsService) {}

  @MessagePattern(P.list)
  list() {
    return this.bots.list(null);
  }

  @MessagePattern(P.show)
  show(@Payload() r: RpcRequest<typeof P.show>) {
    return this.bots.show(null, r.id);
  }

  @MessagePattern(P.create)
  create(@Payload() r: RpcRequest<typeof P.create>) {
    return this.bots.create(null, r.data);
  }

  @MessagePattern(P.update)
  update(@Payload() r: RpcRequest<typeof P.update>) {
    return this.bots.update(null, r.id, r.data);
  }

  @MessagePattern(P.delete)
  delete(@Payload() r: RpcRequest<typeof P.delete>) {
    return this.bots.delete(null, r.id);
  }
}
