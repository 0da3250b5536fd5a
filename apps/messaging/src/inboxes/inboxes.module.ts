import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentBotEntity } from '../agent-bots/persistence/agent-bot.orm-entity';
import { AgentBotsHandlers } from '../agent-bots/agent-bots.handlers';
import { AgentBotsService } from '../agent-bots/agent-bots.service';
import { AgentsModule } from '../agents/agents.module';
import { InboxMembersService } from './inbox-members.service';
import { InboxesHandlers } from './inboxes.handlers';
import { InboxesService } from './inboxes.service';
import { InboxMemberEntity } from './persistence/inbox-member.orm-entity';
import { InboxEntity } from './persistence/inbox.orm-entity';

@Module({
  imports: [TypeOrmModule.forFeature([InboxEntity, InboxMemberEntity, AgentBotEntity]), AgentsModule],
  controllers: [InboxesHandlers, AgentBotsHandlers],
  providers: [InboxesService, InboxMembersService, AgentBotsService],
  exports: [InboxesService],
})
export class InboxesModule {}
