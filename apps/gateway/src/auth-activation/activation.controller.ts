import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AgentPatterns, type Profile } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { Public } from '../auth/access.decorators';
import { ProfileWithTokenView } from '../profile/profile.responses';
import { ActivateDto } from './activation.dto';

@ApiTags('auth')
@Public()
@Controller('api/v1/auth')
export class ActivationController {
  constructor(private readonly rpc: RpcClient) {}

  /** Accepts an invitation: sets the password and answers the profile with a working access token. */
  @Post('activate')
  @HttpCode(200)
  @ApiOkResponse({ type: ProfileWithTokenView })
  activate(@Body() body: ActivateDto): Promise<Profile & { access_token: string }> {
    return this.rpc.send(AgentPatterns.activate, { data: body });
  }
}
