import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityModule } from '../identity/identity.module';
import { TeamMemberEntity } from './persistence/team-member.orm-entity';
import { TeamEntity } from './persistence/team.orm-entity';
import { TeamsHandlers } from './teams.handlers';
import { TeamsLoader } from './teams.loader';
import { TeamsService } from './teams.service';

@Module({
  imports: [TypeOrmModule.forFeature([TeamEntity, TeamMemberEntity]), IdentityModule],
  controllers: [TeamsHandlers],
  providers: [TeamsService, TeamsLoader],
  exports: [TeamsService, TeamsLoader],
})
export class TeamsModule {}
