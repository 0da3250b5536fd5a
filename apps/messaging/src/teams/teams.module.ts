import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { TeamsHandlers } from './teams.handlers';
import { TeamsLoader } from './teams.loader';
import { TeamsService } from './teams.service';

@Module({
  imports: [IdentityModule],
  controllers: [TeamsHandlers],
  providers: [TeamsService, TeamsLoader],
  exports: [TeamsService, TeamsLoader],
})
export class TeamsModule {}
