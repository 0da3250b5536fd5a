import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { IdentityPatterns, PlatformPatterns, type RpcRequest } from '@parley/contracts';
import { SignInLinksService } from './sign-in-links.service';

@Controller()
export class SignInLinksHandlers {
  constructor(private readonly links: SignInLinksService) {}

  /** Platform API: the gateway has checked the platform token. */
  @MessagePattern(PlatformPatterns.userLoginLink)
  create(@Payload() r: RpcRequest<typeof PlatformPatterns.userLoginLink>) {
    return this.links.create(r.id);
  }

  /** Public: the link's token is the authorisation. */
  @MessagePattern(IdentityPatterns.signInWithLink)
  signIn(@Payload() r: RpcRequest<typeof IdentityPatterns.signInWithLink>) {
    return this.links.signIn(String(r.token));
  }
}
