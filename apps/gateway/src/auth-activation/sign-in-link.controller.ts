import { Controller, Get, Header, Param, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { IdentityPatterns, type SsoSignIn } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { Public } from '../auth/access.decorators';
import { SsoSignInView } from '../profile/profile.responses';
import { PublicFormRateLimitGuard } from '../rate-limit/rate-limit.guard';

/**
 * The link `GET /platform/api/v1/users/{id}/login` hands out: its token is the authorisation,
 * it works once within 10 minutes (401 afterwards); limited per client IP so tokens cannot be probed.
 */
@ApiTags('auth')
@Public()
@UseGuards(PublicFormRateLimitGuard)
@Controller('auth/sso')
export class SignInLinkController {
  constructor(private readonly rpc: RpcClient) {}

  @Get(':token')
  @Header('cache-control', 'no-store')
  @ApiOkResponse({ type: SsoSignInView })
  signIn(@Param('token') token: string): Promise<SsoSignIn> {
    return this.rpc.send(IdentityPatterns.signInWithLink, { token });
  }
}
