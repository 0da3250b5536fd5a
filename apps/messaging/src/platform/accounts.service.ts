import { Injectable } from '@nestjs/common';
import { AccountErrors, type Account, type CreateAccountInput } from '@parley/contracts';
import { DeletedAccounts, DomainError, Outbox } from '@parley/service-kit';
import { IdentityLoader } from '../identity/identity.loader';
import { IdentityWriter } from '../identity/identity.writer';

@Injectable()
export class AccountsService {
  constructor(
    private readonly identity: IdentityLoader,
    private readonly writer: IdentityWriter,
    private readonly outbox: Outbox,
    private readonly deletedAccounts: DeletedAccounts,
  ) {}

  create(input: CreateAccountInput): Promise<Account> {
    const name = requireName(input.name);
    return this.outbox.transaction((tx, emit) => this.writer.createAccount(tx, emit, name));
  }

  async show(id: number): Promise<Account> {
    return (await this.identity.account(id)) ?? notFound();
  }

  async update(id: number, input: Partial<CreateAccountInput>): Promise<Account> {
    await this.show(id);
    const name = input.name === undefined ? undefined : requireName(input.name);
    return (await this.outbox.transaction((tx, emit) => this.writer.updateAccount(tx, emit, id, name))) ?? notFound();
  }

  /**
   * Removes the account and, through the schema's foreign keys, everything it owns here; its
   * tombstone refuses late events of it. cascades/ removes what no foreign key reaches (files,
   * counts), and every other service its own part, on the event.
   */
  async delete(id: number): Promise<null> {
    await this.outbox.transaction(async (tx, emit) => {
      // The tombstone first: it waits for event transactions of the account under way.
      await this.deletedAccounts.record(tx, id);
      if (!(await this.writer.deleteAccount(tx, emit, id))) notFound();
    });
    return null;
  }
}

function notFound(): never {
  throw new DomainError(AccountErrors.notFound, 'Account not found');
}

function requireName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new DomainError(AccountErrors.nameBlank, "Name can't be blank", ['name']);
  return trimmed;
}
