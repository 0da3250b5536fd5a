import { Inject, Injectable } from '@nestjs/common';
import { PollingLoop } from '@parley/service-kit';
import { MESSAGING_CONFIG, type MessagingConfig } from '../messaging.config';
import { AgentPresenceService } from './agent-presence.service';

const BATCH = 200;

/**
 * Ends the presence of agents whose replica stopped refreshing it (it died, or lost NATS): rows
 * are claimed with SKIP LOCKED, so replicas of messaging share the work. Checked four times a
 * window, so an agent is offline at most a window and a quarter after its last refresh.
 */
@Injectable()
export class AgentPresenceExpiryWorker extends PollingLoop {
  constructor(
    private readonly presence: AgentPresenceService,
    @Inject(MESSAGING_CONFIG) config: MessagingConfig,
  ) {
    super(Math.max(250, (config.agentPresenceSeconds * 1000) / 4), 'Ending expired agent presence');
  }

  protected async pass(): Promise<boolean> {
    return (await this.presence.expire(BATCH)) === BATCH;
  }
}
