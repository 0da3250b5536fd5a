import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AutomationRulePatterns as P, type RpcRequest } from '@parley/contracts';
import { RuleRunsQuery } from './rule-runs.query';

@Controller()
export class RuleRunsHandlers {
  constructor(private readonly runs: RuleRunsQuery) {}

  @MessagePattern(P.runs)
  runsOf(@Payload() r: RpcRequest<typeof P.runs>) {
    return this.runs.page(r.account_id, r.id, r.page);
  }
}
