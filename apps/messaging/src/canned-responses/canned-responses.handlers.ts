import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CannedResponsePatterns, type RpcRequest } from '@parley/contracts';
import { CannedResponsesService } from './canned-responses.service';

@Controller()
export class CannedResponsesHandlers {
  constructor(private readonly responses: CannedResponsesService) {}

  @MessagePattern(CannedResponsePatterns.list)
  list(@Payload() r: RpcRequest<typeof CannedResponsePatterns.list>) {
    return this.responses.list(r.account_id, r.search);
  }

  @MessagePattern(CannedResponsePatterns.create)
  create(@Payload() r: RpcRequest<typeof CannedResponsePatterns.create>) {
    return this.responses.create(r.account_id, r.data);
  }

  @MessagePattern(CannedResponsePatterns.update)
  update(@Payload() r: RpcRequest<typeof CannedResponsePatterns.update>) {
    return this.responses.update(r.account_id, r.id, r.data);
  }

  @MessagePattern(CannedResponsePatterns.delete)
  delete(@Payload() r: RpcRequest<typeof CannedResponsePatterns.delete>) {
    return this.responses.delete(r.account_id, r.id);
  }
}
