import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { SignInLinksHandlers } from './sign-in-links.handlers';
import { SignInLinksService } from './sign-in-links.service';

@Module({
  imports: [IdentityModule],
  controllers: [SignInLinksHandlers],
  providers: [SignInLinksService],
})
export class SignInLinksModule {}
