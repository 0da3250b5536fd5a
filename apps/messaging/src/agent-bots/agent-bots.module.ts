import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InboxesModule } from '../inboxes/inboxes.module';
import { AgentBotsHandlers } from './agent-bots.handlers';
import { AgentBotsService } from './agent-bots.service';
import { AgentBotEntity } from './persistence/agent-bot.orm-entity';

@Module({
  imports: [TypeOrmModule.forFeature([AgentBotEntity]), InboxesModule],
  controllers: [AgentBotsHandlers],
  providers: [AgentBotsService],
})
export class AgentBotsModule {}
