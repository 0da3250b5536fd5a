import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ConversationPatterns as P, type RpcRequest } from '@parley/contracts';
import { StatusService } from './status.service';

@Controller()
export class StatusHandlers {
  constructor(private readonly status: StatusService) {}

  @MessagePattern(P.toggleStatus)
  toggleStatus(@Payload() r: RpcRequest<typeof P.toggleStatus>) {
    return this.status.toggleStatus(r, r.display_id, r.data);
  }
}
