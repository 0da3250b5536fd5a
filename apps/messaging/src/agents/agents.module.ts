import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { InboxesModule } from '../inboxes/inboxes.module';
import { TeamsModule } from '../teams/teams.module';
import { ActivationService } from './activation.service';
import { AgentsHandlers } from './agents.handlers';
import { AgentsService } from './agents.service';

@Module({
  imports: [IdentityModule, TeamsModule, InboxesModule],
  controllers: [AgentsHandlers],
  providers: [AgentsService, ActivationService],
})
export class AgentsModule {}
