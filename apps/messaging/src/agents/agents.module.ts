import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { ActivationService } from './activation.service';
import { AgentDirectory } from '../identity/agent-directory.loader';
import { AgentsHandlers } from './agents.handlers';
import { AgentsService } from './agents.service';

@Module({
  imports: [IdentityModule],
  controllers: [AgentsHandlers],
  providers: [AgentsService, ActivationService, AgentDirectory],
  exports: [AgentDirectory],
})
export class AgentsModule {}
