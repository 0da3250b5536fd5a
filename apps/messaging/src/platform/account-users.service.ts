import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AccountErrors, IdentityEvents, ROLES, type AccountUser, type AddAccountUserInput } from '@parley/contracts';
import { DomainError, findOneOrFail, Outbox } from '@parley/service-kit';
import { Repository } from 'typeorm';
import { toAccountUser, toAccountUserEvent } from '../identity/identity.mapper';
import { AccountUserEntity } from '../identity/persistence/account-user.orm-entity';
import { AccountEntity } from '../identity/persistence/account.orm-entity';
import { UserEntity } from '../identity/persistence/user.orm-entity';

@Injectable()
export class AccountUsersService {
  constructor(
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @InjectRepository(AccountUserEntity) private readonly accountUsers: Repository<AccountUserEntity>,
    private readonly outbox: Outbox,
  ) {}

  async list(accountId: number): Promise<AccountUser[]> {
    await findOneOrFail(this.accounts, { id: accountId }, 'Account', AccountErrors.notFound);
    const rows = await this.accountUsers.find({ where: { accountId }, order: { id: 'ASC' } });
    return rows.map(toAccountUser);
  }

  /** Adds the user to the account, or changes its role there when it is already a member. */
  async add(accountId: number, input: AddAccountUserInput): Promise<AccountUser> {
    await findOneOrFail(this.accounts, { id: accountId }, 'Account', AccountErrors.notFound);
    if (!ROLES.includes(input.role)) throw new DomainError(AccountErrors.roleInvalid, `Role must be one of ${ROLES.join(', ')}`, ['role']);
    const user = await this.users.findOneBy({ id: input.user_id });
    if (!user) throw new DomainError(AccountErrors.userMissing, 'User does not exist', ['user_id']);
    return this.outbox.transaction(async (tx, emit) => {
      const existing = await tx.findOneBy(AccountUserEntity, { accountId, userId: user.id });
      const membership = existing ?? tx.create(AccountUserEntity, { accountId, userId: user.id });
      membership.role = input.role;
      const saved = await tx.save(membership);
      const type = existing ? IdentityEvents.accountUserUpdated : IdentityEvents.accountUserCreated;
      await emit(type, accountId, toAccountUserEvent(saved));
      return toAccountUser(saved);
    });
  }

  async remove(accountId: number, userId: number): Promise<null> {
    const membership = await this.accountUsers.findOneBy({ accountId, userId });
    if (!membership) throw new DomainError(AccountErrors.memberNotFound, 'Account user not found');
    await this.outbox.transaction(async (tx, emit) => {
      await tx.delete(AccountUserEntity, { id: membership.id });
      await emit(IdentityEvents.accountUserDeleted, accountId, toAccountUserEvent(membership));
    });
    return null;
  }
}
