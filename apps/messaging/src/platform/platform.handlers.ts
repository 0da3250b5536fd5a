import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PlatformPatterns as P, type RpcRequest } from '@parley/contracts';
import { AccountUsersService } from './account-users.service';
import { AccountsService } from './accounts.service';
import { UsersService } from './users.service';

/** Operator-level commands (the Platform API): the gateway has checked the platform token. */
@Controller()
export class PlatformHandlers {
  constructor(
    private readonly accounts: AccountsService,
    private readonly users: UsersService,
    private readonly accountUsers: AccountUsersService,
  ) {}

  @MessagePattern(P.createAccount)
  createAccount(@Payload() r: RpcRequest<typeof P.createAccount>) {
    return this.accounts.create(r.data);
  }

  @MessagePattern(P.showAccount)
  showAccount(@Payload() r: RpcRequest<typeof P.showAccount>) {
    return this.accounts.show(r.id);
  }

  @MessagePattern(P.updateAccount)
  updateAccount(@Payload() r: RpcRequest<typeof P.updateAccount>) {
    return this.accounts.update(r.id, r.data);
  }

  @MessagePattern(P.deleteAccount)
  deleteAccount(@Payload() r: RpcRequest<typeof P.deleteAccount>) {
    return this.accounts.delete(r.id);
  }

  @MessagePattern(P.createUser)
  createUser(@Payload() r: RpcRequest<typeof P.createUser>) {
    return this.users.create(r.data);
  }

  @MessagePattern(P.showUser)
  showUser(@Payload() r: RpcRequest<typeof P.showUser>) {
    return this.users.show(r.id);
  }

  @MessagePattern(P.updateUser)
  updateUser(@Payload() r: RpcRequest<typeof P.updateUser>) {
    return this.users.update(r.id, r.data);
  }

  @MessagePattern(P.deleteUser)
  deleteUser(@Payload() r: RpcRequest<typeof P.deleteUser>) {
    return this.users.delete(r.id);
  }

  @MessagePattern(P.listAccountUsers)
  listAccountUsers(@Payload() r: RpcRequest<typeof P.listAccountUsers>) {
    return this.accountUsers.list(r.account_id);
  }

  @MessagePattern(P.addAccountUser)
  addAccountUser(@Payload() r: RpcRequest<typeof P.addAccountUser>) {
    return this.accountUsers.add(r.account_id, r.data);
  }

  @MessagePattern(P.removeAccountUser)
  removeAccountUser(@Payload() r: RpcRequest<typeof P.removeAccountUser>) {
    return this.accountUsers.remove(r.account_id, r.user_id);
  }
}
