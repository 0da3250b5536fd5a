import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ContactPatterns as P, type RpcRequest } from '@parley/contracts';
import { MergeService } from './merge.service';

@Controller()
export class MergeHandlers {
  constructor(private readonly merges: MergeService) {}

  @MessagePattern(P.merge)
  merge(@Payload() r: RpcRequest<typeof P.merge>) {
    return this.merges.merge(r.account_id, r.base_contact_id, r.mergee_contact_id);
  }
}
