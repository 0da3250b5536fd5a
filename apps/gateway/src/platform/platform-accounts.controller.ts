import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { PlatformPatterns, type Account, type AccountUser } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { PlatformOnly } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { AddAccountUserDto, CreateAccountDto, RemoveAccountUserDto, UpdateAccountDto } from './platform.dto';
import { AccountUserView, AccountView } from './platform.responses';

@ApiTags('platform')
@PlatformOnly()
@Controller('platform/api/v1/accounts')
export class PlatformAccountsController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @ApiCreatedResponse({ type: AccountView })
  create(@Body() body: CreateAccountDto): Promise<Account> {
    return this.rpc.send(PlatformPatterns.createAccount, { data: body });
  }

  @Get(':id')
  @ApiOkResponse({ type: AccountView })
  show(@Param('id', IdPipe) id: number): Promise<Account> {
    return this.rpc.send(PlatformPatterns.showAccount, { id });
  }

  @Patch(':id')
  @ApiOkResponse({ type: AccountView })
  update(@Param('id', IdPipe) id: number, @Body() body: UpdateAccountDto): Promise<Account> {
    return this.rpc.send(PlatformPatterns.updateAccount, { id, data: body });
  }

  @Delete(':id')
  @HttpCode(204)
  async delete(@Param('id', IdPipe) id: number): Promise<void> {
    await this.rpc.send(PlatformPatterns.deleteAccount, { id });
  }

  @Get(':id/account_users')
  @ApiOkResponse({ type: [AccountUserView] })
  listUsers(@Param('id', IdPipe) id: number): Promise<AccountUser[]> {
    return this.rpc.send(PlatformPatterns.listAccountUsers, { account_id: id });
  }

  @Post(':id/account_users')
  @ApiCreatedResponse({ type: AccountUserView })
  addUser(@Param('id', IdPipe) id: number, @Body() body: AddAccountUserDto): Promise<AccountUser> {
    return this.rpc.send(PlatformPatterns.addAccountUser, { account_id: id, data: body });
  }

  @Delete(':id/account_users')
  @HttpCode(204)
  async removeUser(@Param('id', IdPipe) id: number, @Body() body: RemoveAccountUserDto): Promise<void> {
    await this.rpc.send(PlatformPatterns.removeAccountUser, { account_id: id, user_id: body.user_id });
  }
}
