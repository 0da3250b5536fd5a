import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentsModule } from '../agents/agents.module';
import { TeamMemberEntity } from './persistence/team-member.orm-entity';
import { TeamEntity } from './persistence/team.orm-entity';
import { TeamsHandlers } from './teams.handlers';
import { TeamsService } from './teams.service';

@Module({
  imports: [TypeOrmModule.forFeature([TeamEntity, TeamMemberEntity]), AgentsModule],
  controllers: [TeamsHandlers],
  providers: [TeamsService],
})
export class TeamsModule {}
