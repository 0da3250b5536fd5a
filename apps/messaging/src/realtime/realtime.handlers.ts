import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RealtimePatterns, type RpcRequest } from '@parley/contracts';
import { IdentityLoader } from '../identity/identity.loader';

/** The gateway's `/cable` asks who an agent's subscription is. */
@Controller()
export class RealtimeHandlers {
  constructor(private readonly identity: IdentityLoader) {}

  @MessagePattern(RealtimePatterns.authorizeAgent)
  async authorizeAgent(@Payload() r: RpcRequest<typeof RealtimePatterns.authorizeAgent>) {
    return { granted: await this.identity.cableGranted(r.pubsub_token, r.user_id, r.account_id) };
  }
}
