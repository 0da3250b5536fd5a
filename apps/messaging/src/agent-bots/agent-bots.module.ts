import { Module } from '@nestjs/common';
import { InboxesModule } from '../inboxes/inboxes.module';
import { AgentBotsHandlers } from './agent-bots.handlers';
import { AgentBotsService } from './agent-bots.service';

@Module({
  imports: [InboxesModule],
  controllers: [AgentBotsHandlers],
  providers: [AgentBotsService],
})
export class AgentBotsModule {}
