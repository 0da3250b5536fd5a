import { Module } from '@nestjs/common';
import { InboxesModule } from '../inboxes/inboxes.module';
import { AgentBotsHandlers } from './agent-bots.handlers';
import { AgentBotsService } from './agent-bots.service';
import { PlatformAgentBotsHandlers } from './platform-agent-bots.handlers';

@Module({
  imports: [InboxesModule],
  controllers: [AgentBotsHandlers, PlatformAgentBotsHandlers],
  providers: [AgentBotsService],
})
export class AgentBotsModule {}
