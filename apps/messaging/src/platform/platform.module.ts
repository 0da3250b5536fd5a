import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { AccountUsersService } from './account-users.service';
import { AccountsService } from './accounts.service';
import { PlatformHandlers } from './platform.handlers';
import { UsersService } from './users.service';

@Module({
  imports: [IdentityModule],
  controllers: [PlatformHandlers],
  providers: [AccountsService, UsersService, AccountUsersService],
})
export class PlatformModule {}
