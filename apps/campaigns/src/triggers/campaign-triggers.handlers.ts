import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CampaignPatterns as P, type RpcRequest } from '@parley/contracts';
import { CampaignTriggersService } from './campaign-triggers.service';

@Controller()
export class CampaignTriggersHandlers {
  constructor(private readonly triggers: CampaignTriggersService) {}

  @MessagePattern(P.trigger)
  trigger(@Payload() r: RpcRequest<typeof P.trigger>) {
    return this.triggers.trigger(r, r.id, r.data);
  }

  @MessagePattern(P.ongoingTriggers)
  ongoing(@Payload() r: RpcRequest<typeof P.ongoingTriggers>) {
    return this.triggers.ongoing(r.account_id, r.inbox_id);
  }
}
