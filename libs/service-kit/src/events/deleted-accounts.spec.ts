import { IdentityEvents, LabelEvents, type EventEnvelope } from '@parley/contracts';
import type { EntityManager } from 'typeorm';
import type { ServiceConfig } from '../config/service-config';
import { DeletedAccounts } from './deleted-accounts';

/** A transaction that knows some deleted accounts and records the statements it was given. */
function fakeTransaction(deleted: number[]) {
  const statements: Array<{ text: string; values: unknown[] }> = [];
  const client = {
    query: async ({ text, values }: { text: string; values: unknown[] }) => {
      statements.push({ text, values });
      const asked = (values[values.length - 1] as number[]) ?? [];
      return {
        rows: text.includes('FROM "contacts".deleted_accounts')
          ? asked.filter((id) => deleted.includes(id)).map((account_id) => ({ account_id }))
          : [],
      };
    },
  };
  const tx = { queryRunner: { connect: async () => client }, connection: {} } as unknown as EntityManager;
  return { tx, statements };
}

const event = (type: string, accountId: number | null) =>
  ({ id: `${type}-${accountId}`, type, account_id: accountId }) as EventEnvelope;

describe('DeletedAccounts.lockOf and refuseLocked', () => {
  const deletedAccounts = new DeletedAccounts({ database: { schema: 'contacts' } } as ServiceConfig);

  it('leaves out events of deleted accounts, but not the deletion itself nor events of no account', async () => {
    const { tx, statements } = fakeTransaction([2]);
    const events = [
      event(LabelEvents.created, 1),
      event(LabelEvents.created, 2),
      event(IdentityEvents.accountDeleted, 2),
      event(IdentityEvents.userCreated, null),
      event(LabelEvents.updated, 2),
    ];
    // The locks to take first: each account once, in order, the deletion's account included.
    expect(deletedAccounts.lockOf(events)).toEqual({ name: 'contacts.deleted_accounts', accounts: [1, 2] });
    expect((await deletedAccounts.refuseLocked(tx, events)).map((kept) => kept.id)).toEqual([
      `${LabelEvents.created}-1`,
      `${IdentityEvents.accountDeleted}-2`,
      `${IdentityEvents.userCreated}-null`,
    ]);
    // Only the tombstones are read: the caller holds the locks already.
    expect(statements.map(({ text, values }) => [text.includes('pg_advisory'), values[values.length - 1]])).toEqual([
      [false, [1, 2]],
    ]);
  });

  it('asks nothing when no event names an account to check', async () => {
    const { tx, statements } = fakeTransaction([2]);
    const events = [event(IdentityEvents.accountDeleted, 2), event(IdentityEvents.userCreated, null)];
    expect(deletedAccounts.lockOf(events).accounts).toEqual([]);
    expect(await deletedAccounts.refuseLocked(tx, events)).toEqual(events);
    expect(statements).toEqual([]);
  });
});
