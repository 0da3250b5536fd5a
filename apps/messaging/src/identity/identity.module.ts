import { Module } from '@nestjs/common';
import { IdentityHandlers } from './identity.handlers';
import { IdentityLoader } from './identity.loader';
import { IdentityService } from './identity.service';
import { IdentityWriter } from './identity.writer';

@Module({
  controllers: [IdentityHandlers],
  providers: [IdentityService, IdentityLoader, IdentityWriter],
  exports: [IdentityService, IdentityLoader, IdentityWriter],
})
export class IdentityModule {}
