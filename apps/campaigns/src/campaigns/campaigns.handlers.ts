import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CampaignPatterns as P, type RpcRequest } from '@parley/contracts';
import { CampaignsService } from './campaigns.service';

@Controller()
export class CampaignsHandlers {
  constructor(private readonly campaigns: CampaignsService) {}

  @MessagePattern(P.list)
  list(@Payload() r: RpcRequest<typeof P.list>) {
    return this.campaigns.list(r.account_id);
  }

  @MessagePattern(P.show)
  show(@Payload() r: RpcRequest<typeof P.show>) {
    return this.campaigns.show(r.account_id, r.id);
  }

  @MessagePattern(P.create)
  create(@Payload() r: RpcRequest<typeof P.create>) {
    return this.campaigns.create(r, r.data);
  }

  @MessagePattern(P.update)
  update(@Payload() r: RpcRequest<typeof P.update>) {
    return this.campaigns.update(r, r.id, r.data);
  }

  @MessagePattern(P.delete)
  delete(@Payload() r: RpcRequest<typeof P.delete>) {
    return this.campaigns.delete(r.account_id, r.id);
  }

  @MessagePattern(P.pause)
  pause(@Payload() r: RpcRequest<typeof P.pause>) {
    return this.campaigns.pause(r.account_id, r.id);
  }

  @MessagePattern(P.resume)
  resume(@Payload() r: RpcRequest<typeof P.resume>) {
    return this.campaigns.resume(r.account_id, r.id);
  }
}
