import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityHandlers } from './identity.handlers';
import { IdentityLoader } from './identity.loader';
import { IdentityService } from './identity.service';
import { AccessTokenEntity } from './persistence/access-token.orm-entity';
import { AccountUserEntity } from './persistence/account-user.orm-entity';
import { AccountEntity } from './persistence/account.orm-entity';
import { UserEntity } from './persistence/user.orm-entity';

@Module({
  imports: [TypeOrmModule.forFeature([AccountEntity, UserEntity, AccessTokenEntity, AccountUserEntity])],
  controllers: [IdentityHandlers],
  providers: [IdentityService, IdentityLoader],
  // Platform and agents still write users and memberships through these entities (not yet behind an identity writer).
  exports: [IdentityService, IdentityLoader, TypeOrmModule],
})
export class IdentityModule {}
