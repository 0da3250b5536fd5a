import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentsModule } from '../agents/agents.module';
import { TeamMemberEntity } from './team-member.orm-entity';
import { TeamEntity } from './team.orm-entity';
import { TeamsHandlers } from './teams.handlers';
import { TeamsService } from './teams.service';

@Module({
  imports: [TypeOrmModule.forFeature([TeamEntity, TeamMemberEntity]), AgentsModule],
  controllers: [TeamsHandlers],
  providers: [TeamsService],
})
export class TeamsModule {}
