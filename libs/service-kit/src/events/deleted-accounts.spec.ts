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

describe('DeletedAccounts.refuseLate', () => {
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
    expect((await deletedAccounts.refuseLate(tx, events)).map((kept) => kept.id)).toEqual([
      `${LabelEvents.created}-1`,
      `${IdentityEvents.accountDeleted}-2`,
      `${IdentityEvents.userCreated}-null`,
    ]);
    // The locks first (each account once, in order), then the tombstones in a statement of its own.
    expect(
      statements.map(({ text, values }) => [text.includes('pg_advisory_xact_lock_shared'), values[values.length - 1]]),
    ).toEqual([
      [true, [1, 2]],
      [false, [1, 2]],
    ]);
  });

  it('asks nothing when no event names an account to check', async () => {
    const { tx, statements } = fakeTransaction([2]);
    const events = [event(IdentityEvents.accountDeleted, 2), event(IdentityEvents.userCreated, null)];
    expect(await deletedAccounts.refuseLate(tx, events)).toEqual(events);
    expect(statements).toEqual([]);
  });
});
