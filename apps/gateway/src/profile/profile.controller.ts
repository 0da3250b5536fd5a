import { Controller, Get, Post, Req } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { IdentityPatterns, type Caller, type Profile } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { CurrentUser } from '../auth/access.decorators';
import type { AuthenticatedRequest } from '../auth/authenticated-request';

@ApiTags('profile')
@ApiSecurity('api_access_token')
@Controller('api/v1/profile')
export class ProfileController {
  constructor(private readonly rpc: RpcClient) {}

  /** The calling agent; `access_token` echoes the token it called with (only its hash is stored). */
  @Get()
  async show(@CurrentUser() user: Pick<Caller, 'user_id'>, @Req() request: AuthenticatedRequest): Promise<Profile & { access_token: string }> {
    const profile = await this.rpc.send(IdentityPatterns.profile, { caller: user });
    return { ...profile, access_token: request.accessToken! };
  }

  /** Replaces the caller's token: the old one stops working on every gateway within a second. */
  @Post('access_token')
  rotate(@CurrentUser() user: Pick<Caller, 'user_id'>): Promise<{ access_token: string }> {
    return this.rpc.send(IdentityPatterns.rotateToken, { caller: user });
  }
}
