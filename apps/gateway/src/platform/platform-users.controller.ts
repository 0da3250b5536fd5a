import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { PlatformPatterns, type PlatformUser, type SsoLink } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { PlatformOnly } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { CreateUserDto, UpdateUserDto } from './platform.dto';
import { PlatformUserView, SsoLinkView } from './platform.responses';

@ApiTags('platform')
@PlatformOnly()
@Controller('platform/api/v1/users')
export class PlatformUsersController {
  constructor(private readonly rpc: RpcClient) {}

  /** The answer carries the user's `access_token`; it is stored hashed and not shown again here. */
  @Post()
  @ApiCreatedResponse({ type: PlatformUserView })
  create(@Body() body: CreateUserDto): Promise<PlatformUser> {
    return this.rpc.send(PlatformPatterns.createUser, { data: body });
  }

  @Get(':id')
  @ApiOkResponse({ type: PlatformUserView })
  show(@Param('id', IdPipe) id: number): Promise<PlatformUser> {
    return this.rpc.send(PlatformPatterns.showUser, { id });
  }

  /** A single-use sign-in link for the user, valid for 10 minutes. */
  @Get(':id/login')
  @ApiOkResponse({ type: SsoLinkView })
  login(@Param('id', IdPipe) id: number): Promise<SsoLink> {
    return this.rpc.send(PlatformPatterns.userLoginLink, { id });
  }

  @Patch(':id')
  @ApiOkResponse({ type: PlatformUserView })
  update(@Param('id', IdPipe) id: number, @Body() body: UpdateUserDto): Promise<PlatformUser> {
    return this.rpc.send(PlatformPatterns.updateUser, { id, data: body });
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(@Param('id', IdPipe) id: number): Promise<void> {
    await this.rpc.send(PlatformPatterns.deleteUser, { id });
  }
}
