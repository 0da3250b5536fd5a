import type { DataSource, EntityManager } from 'typeorm';
import type { ServiceConfig } from '../config/service-config';
import type { MailRelay } from '../mail/mail-relay';
import { Outbox } from './outbox';
import type { OutboxRelay } from './outbox-relay';
import { whenSettled } from './settled-hooks';

/** An outbox over a stand-in data source whose transaction commits, or fails at commit when told. */
function outboxWith(commit: 'ok' | 'fails' = 'ok') {
  const dataSource = {
    transaction: async <T>(work: (tx: EntityManager) => Promise<T>): Promise<T> => {
      const result = await work({} as EntityManager);
      if (commit === 'fails') throw new Error('connection lost at commit');
      return result;
    },
  } as unknown as DataSource;
  const kick = () => undefined;
  return new Outbox(
    dataSource,
    { kick } as unknown as OutboxRelay,
    { kick } as unknown as MailRelay,
    { database: { schema: 'test' } } as ServiceConfig,
  );
}

describe('hooks run when an outbox transaction has ended', () => {
  it('tells each hook, once, that the transaction committed, after it did', async () => {
    const seen: string[] = [];
    await outboxWith().transaction(async (tx) => {
      whenSettled(tx, (committed) => seen.push(`first ${committed}`));
      whenSettled(tx, (committed) => seen.push(`second ${committed}`));
      seen.push('work done');
    });
    expect(seen).toEqual(['work done', 'first true', 'second true']);
  });

  it('tells them it did not when the work throws, or the commit fails', async () => {
    const seen: boolean[] = [];
    await expect(
      outboxWith().transaction(async (tx) => {
        whenSettled(tx, (committed) => seen.push(committed));
        throw new Error('constraint violated');
      }),
    ).rejects.toThrow('constraint violated');
    await expect(
      outboxWith('fails').transaction(async (tx) => whenSettled(tx, (committed) => seen.push(committed))),
    ).rejects.toThrow('connection lost at commit');
    expect(seen).toEqual([false, false]);
  });

  it('runs the others when one hook throws, and keeps the transaction’s answer', async () => {
    const seen: boolean[] = [];
    const answer = await outboxWith().transaction(async (tx) => {
      whenSettled(tx, () => {
        throw new Error('hook bug');
      });
      whenSettled(tx, (committed) => seen.push(committed));
      return 42;
    });
    expect(answer).toBe(42);
    expect(seen).toEqual([true]);
  });

  it('refuses a transaction the outbox did not begin, whose end it would never hear of', () => {
    expect(() => whenSettled({} as EntityManager, () => undefined)).toThrow('Outbox.transaction');
  });
});
