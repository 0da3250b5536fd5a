import { Injectable } from '@nestjs/common';
import { AccountErrors, ROLES, type AccountUser, type AddAccountUserInput } from '@parley/contracts';
import { DomainError, Outbox } from '@parley/service-kit';
import { IdentityLoader } from '../identity/identity.loader';
import { IdentityWriter } from '../identity/identity.writer';

@Injectable()
export class AccountUsersService {
  constructor(
    private readonly identity: IdentityLoader,
    private readonly writer: IdentityWriter,
    private readonly outbox: Outbox,
  ) {}

  async list(accountId: number): Promise<AccountUser[]> {
    await this.assertAccount(accountId);
    return this.identity.accountUsers(accountId);
  }

  /** Adds the user to the account, or changes its role there when it is already a member. */
  async add(accountId: number, input: AddAccountUserInput): Promise<AccountUser> {
    await this.assertAccount(accountId);
    if (!ROLES.includes(input.role))
      throw new DomainError(AccountErrors.roleInvalid, `Role must be one of ${ROLES.join(', ')}`, ['role']);
    if (!(await this.identity.platformUser(input.user_id)))
      throw new DomainError(AccountErrors.userMissing, 'User does not exist', ['user_id']);
    return this.outbox.transaction((tx, emit) =>
      this.writer.setMembership(tx, emit, accountId, input.user_id, input.role),
    );
  }

  async remove(accountId: number, userId: number): Promise<null> {
    const removed = await this.outbox.transaction((tx, emit) =>
      this.writer.removeMembership(tx, emit, accountId, userId),
    );
    if (!removed) throw new DomainError(AccountErrors.memberNotFound, 'Account user not found');
    return null;
  }

  private async assertAccount(id: number): Promise<void> {
    if (!(await this.identity.account(id))) throw new DomainError(AccountErrors.notFound, 'Account not found');
  }
}
