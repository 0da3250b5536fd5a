import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AutomationRulePatterns as P, type RpcRequest } from '@parley/contracts';
import { RulesService } from './rules.service';

@Controller()
export class RulesHandlers {
  constructor(private readonly rules: RulesService) {}

  @MessagePattern(P.list)
  list(@Payload() r: RpcRequest<typeof P.list>) {
    return this.rules.list(r.account_id);
  }

  @MessagePattern(P.show)
  show(@Payload() r: RpcRequest<typeof P.show>) {
    return this.rules.show(r.account_id, r.id);
  }

  @MessagePattern(P.create)
  create(@Payload() r: RpcRequest<typeof P.create>) {
    return this.rules.create(r, r.data);
  }

  @MessagePattern(P.update)
  update(@Payload() r: RpcRequest<typeof P.update>) {
    return this.rules.update(r, r.id, r.data);
  }

  @MessagePattern(P.delete)
  delete(@Payload() r: RpcRequest<typeof P.delete>) {
    return this.rules.delete(r.account_id, r.id);
  }

  @MessagePattern(P.clone)
  clone(@Payload() r: RpcRequest<typeof P.clone>) {
    return this.rules.clone(r, r.id);
  }

  @MessagePattern(P.toggleActive)
  toggleActive(@Payload() r: RpcRequest<typeof P.toggleActive>) {
    return this.rules.toggleActive(r.account_id, r.id);
  }
}
