import { Module } from '@nestjs/common';
import { AgentPresenceExpiryWorker } from './agent-presence-expiry.worker';
import { AgentPresenceService } from './agent-presence.service';
import { IdentityHandlers } from './identity.handlers';
import { IdentityLoader } from './identity.loader';
import { IdentityService } from './identity.service';
import { IdentityWriter } from './identity.writer';

@Module({
  controllers: [IdentityHandlers],
  providers: [IdentityService, IdentityLoader, IdentityWriter, AgentPresenceService, AgentPresenceExpiryWorker],
  exports: [IdentityService, IdentityLoader, IdentityWriter, AgentPresenceService],
})
export class IdentityModule {}
