import { Body, Controller, Get, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AgentPatterns, IdentityPatterns, type Caller, type Profile } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { CurrentUser } from '../auth/access.decorators';
import type { AuthenticatedRequest } from '../auth/authenticated-request.types';
import { UpdateProfileDto } from './profile.dto';
import { AccessTokenView, ProfileView, ProfileWithTokenView } from './profile.responses';

@ApiTags('profile')
@Controller('api/v1/profile')
export class ProfileController {
  constructor(private readonly rpc: RpcClient) {}

  /** The calling agent; `access_token` echoes the token it called with (only its hash is stored). */
  @Get()
  @ApiOkResponse({ type: ProfileWithTokenView })
  async show(
    @CurrentUser() user: Pick<Caller, 'user_id'>,
    @Req() request: AuthenticatedRequest,
  ): Promise<Profile & { access_token: string }> {
    const profile = await this.rpc.send(IdentityPatterns.profile, { caller: user });
    return { ...profile, access_token: request.accessToken! };
  }

  /** Changes the caller's name, display name and availability (agents set their own availability here). */
  @Patch()
  @ApiOkResponse({ type: ProfileView })
  update(@CurrentUser() user: Pick<Caller, 'user_id'>, @Body() body: UpdateProfileDto): Promise<Profile> {
    const { profile, ...fields } = body;
    return this.rpc.send(AgentPatterns.updateProfile, { caller: user, data: { ...fields, ...profile } });
  }

  @Put()
  @ApiOkResponse({ type: ProfileView })
  replace(@CurrentUser() user: Pick<Caller, 'user_id'>, @Body() body: UpdateProfileDto): Promise<Profile> {
    return this.update(user, body);
  }

  /** Replaces the caller's token: the old one stops working on every gateway within a second. */
  @Post('access_token')
  @ApiCreatedResponse({ type: AccessTokenView })
  rotate(@CurrentUser() user: Pick<Caller, 'user_id'>): Promise<{ access_token: string }> {
    return this.rpc.send(IdentityPatterns.rotateToken, { caller: user });
  }
}
