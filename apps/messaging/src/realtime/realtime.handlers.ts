import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RealtimePatterns, type RpcRequest } from '@parley/contracts';
import { AgentPresenceService } from '../identity/agent-presence.service';
import { IdentityLoader } from '../identity/identity.loader';

/** The gateway's `/cable` asks who an agent's subscription is, and tells when agents connect and leave. */
@Controller()
export class RealtimeHandlers {
  constructor(
    private readonly identity: IdentityLoader,
    private readonly presence: AgentPresenceService,
  ) {}

  @MessagePattern(RealtimePatterns.authorizeAgent)
  async authorizeAgent(@Payload() r: RpcRequest<typeof RealtimePatterns.authorizeAgent>) {
    return { granted: await this.identity.cableGranted(r.pubsub_token, r.user_id, r.account_id) };
  }

  @MessagePattern(RealtimePatterns.agentPresence)
  async agentPresence(@Payload() r: RpcRequest<typeof RealtimePatterns.agentPresence>) {
    if (r.user_id !== undefined) await this.presence.record(r.account_id, r.user_id, r.replica, r.state);
    return { users: await this.identity.availabilities(r.account_id) };
  }
}
