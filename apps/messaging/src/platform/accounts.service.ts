import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AccountErrors, IdentityEvents, type Account, type CreateAccountInput } from '@parley/contracts';
import { DeletedAccounts, DomainError, findOneOrFail, Outbox } from '@parley/service-kit';
import { Repository } from 'typeorm';
import { toAccount } from '../identity/identity.mapper';
import { AccountEntity } from '../identity/persistence/account.orm-entity';

@Injectable()
export class AccountsService {
  constructor(
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
    private readonly outbox: Outbox,
    private readonly deletedAccounts: DeletedAccounts,
  ) {}

  create(input: CreateAccountInput): Promise<Account> {
    const name = requireName(input.name);
    return this.outbox.transaction(async (tx, emit) => {
      const account = await tx.save(tx.create(AccountEntity, { name }));
      await emit(IdentityEvents.accountCreated, account.id, { id: account.id, name: account.name });
      return toAccount(account);
    });
  }

  async show(id: number): Promise<Account> {
    return toAccount(await findOneOrFail(this.accounts, { id }, 'Account', AccountErrors.notFound));
  }

  async update(id: number, input: Partial<CreateAccountInput>): Promise<Account> {
    const account = await findOneOrFail(this.accounts, { id }, 'Account', AccountErrors.notFound);
    if (input.name !== undefined) account.name = requireName(input.name);
    return this.outbox.transaction(async (tx, emit) => {
      const saved = await tx.save(account);
      await emit(IdentityEvents.accountUpdated, saved.id, { id: saved.id, name: saved.name });
      return toAccount(saved);
    });
  }

  /**
   * Removes the account and, through the schema's foreign keys, everything it owns here; its
   * tombstone refuses late events of it. cascades/ removes what no foreign key reaches (files,
   * counts), and every other service its own part, on the event.
   */
  async delete(id: number): Promise<null> {
    const account = await findOneOrFail(this.accounts, { id }, 'Account', AccountErrors.notFound);
    await this.outbox.transaction(async (tx, emit) => {
      await this.deletedAccounts.record(tx, id);
      await tx.delete(AccountEntity, { id });
      await emit(IdentityEvents.accountDeleted, id, { id, name: account.name });
    });
    return null;
  }
}

function requireName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new DomainError(AccountErrors.nameBlank, "Name can't be blank", ['name']);
  return trimmed;
}
