import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { loadMessagingConfig, MESSAGING_CONFIG } from '../messaging-config';
import { ActivationService } from './activation.service';
import { AgentDirectory } from './agent-directory';
import { AgentsHandlers } from './agents.handlers';
import { AgentsService } from './agents.service';

@Module({
  imports: [IdentityModule],
  controllers: [AgentsHandlers],
  providers: [AgentsService, ActivationService, AgentDirectory, { provide: MESSAGING_CONFIG, useFactory: () => loadMessagingConfig() }],
  exports: [AgentDirectory],
})
export class AgentsModule {}
