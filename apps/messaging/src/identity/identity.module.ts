import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityHandlers } from './identity.handlers';
import { IdentityLoader } from './identity.loader';
import { IdentityService } from './identity.service';
import { IdentityWriter } from './identity.writer';
import { AccessTokenEntity } from './persistence/access-token.orm-entity';
import { AccountUserEntity } from './persistence/account-user.orm-entity';
import { AccountEntity } from './persistence/account.orm-entity';
import { UserEntity } from './persistence/user.orm-entity';

@Module({
  imports: [TypeOrmModule.forFeature([AccountEntity, UserEntity, AccessTokenEntity, AccountUserEntity])],
  controllers: [IdentityHandlers],
  providers: [IdentityService, IdentityLoader, IdentityWriter],
  exports: [IdentityService, IdentityLoader, IdentityWriter],
})
export class IdentityModule {}
