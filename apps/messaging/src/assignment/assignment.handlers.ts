import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ConversationPatterns as P, type RpcRequest } from '@parley/contracts';
import { AssignmentService } from './assignment.service';

@Controller()
export class AssignmentHandlers {
  constructor(private readonly assignment: AssignmentService) {}

  @MessagePattern(P.assign)
  assign(@Payload() r: RpcRequest<typeof P.assign>) {
    return this.assignment.assign(r, r.display_id, r.data);
  }

  @MessagePattern(P.assignBestAgent)
  assignBestAgent(@Payload() r: RpcRequest<typeof P.assignBestAgent>) {
    return this.assignment.assignBestAgent(r, r.display_id, r.key);
  }
}
