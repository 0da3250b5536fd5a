import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { AgentPatterns, type ActivateInput, type Profile } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Public } from '../auth/access.decorators';
import { ProfileWithTokenView } from '../profile/profile.responses';

export class ActivateDto implements ActivateInput {
  @ApiProperty({ description: 'The token from the invitation e-mail' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  token: string;

  @ApiProperty({ minLength: 8 })
  @IsString()
  @MaxLength(200)
  password: string;
}

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
