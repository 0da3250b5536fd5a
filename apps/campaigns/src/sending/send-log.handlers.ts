import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CampaignPatterns as P, type RpcRequest } from '@parley/contracts';
import { SendLogQuery } from './send-log.query';

@Controller()
export class SendLogHandlers {
  constructor(private readonly log: SendLogQuery) {}

  @MessagePattern(P.sends)
  sends(@Payload() r: RpcRequest<typeof P.sends>) {
    return this.log.page(r.account_id, r.id, r.query ?? {});
  }
}
