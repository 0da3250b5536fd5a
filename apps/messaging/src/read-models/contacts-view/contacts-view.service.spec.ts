import type { ContactSnapshot } from '@parley/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { RpcClient } from '@parley/service-kit';
import { contactSnapshot } from '@parley/testing';
import type { ContactViewRow } from './persistence/contact-view.row';
import { ContactsViewService } from './contacts-view.service';
import { contactViewItem, ContactsViewWriter } from './contacts-view.writer';

const contact = (id: number, name: string): ContactSnapshot => contactSnapshot(1, { id, name });

/** The statement's parameters: one array per column, ids first, names third, versions last. */
async function written(
  versions: Array<{ contact: ContactSnapshot; version: Date }>,
): Promise<{ ids: number[]; names: string[]; versions: Date[] } | null> {
  const query = jest.fn().mockResolvedValue([]);
  const writer = new ContactsViewWriter();
  await writer.contacts.record(
    { query } as unknown as EntityManager,
    versions.map(({ contact, version }) => ({ item: contactViewItem(contact), version })),
  );
  if (query.mock.calls.length === 0) return null;
  expect(query).toHaveBeenCalledTimes(1);
  const params = query.mock.calls[0][1] as unknown[][];
  return { ids: params[0] as number[], names: params[2] as string[], versions: params[params.length - 1] as Date[] };
}

describe('ContactsViewWriter.contacts.record', () => {
  it('writes every contact of a batch with one statement', async () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(
      await written([
        { contact: contact(1, 'Ada'), version: at },
        { contact: contact(2, 'Grace'), version: at },
      ]),
    ).toEqual({
      ids: [1, 2],
      names: ['Ada', 'Grace'],
      versions: [at, at],
    });
  });

  it('keeps one row per contact, the newest version, the later one on a tie (an upsert may not touch a row twice)', async () => {
    const early = new Date('2026-01-01T00:00:00Z');
    const late = new Date('2026-01-01T00:00:05Z');
    const result = await written([
      { contact: contact(1, 'Ada (newest)'), version: late },
      { contact: contact(1, 'Ada (older)'), version: early },
      { contact: contact(2, 'Grace (first)'), version: early },
      { contact: contact(2, 'Grace (second)'), version: early },
    ]);
    expect(result).toEqual({ ids: [1, 2], names: ['Ada (newest)', 'Grace (second)'], versions: [late, early] });
  });

  it('sends nothing for an empty batch', async () => {
    expect(await written([])).toBeNull();
  });
});

describe('ContactsViewService.find and fromOwner', () => {
  /** A view holding `held` (or nothing) and a contacts service answering `owner`. */
  function setUp(held: Partial<ContactViewRow> | null, owner: ContactSnapshot | null) {
    const asked: unknown[] = [];
    const query = jest.fn().mockResolvedValue([]);
    const dataSource = {
      query: async () => (held ? [held] : []),
      manager: { query },
    } as unknown as DataSource;
    const rpc = {
      send: async (_pattern: string, request: unknown) => {
        asked.push(request);
        return owner;
      },
    } as unknown as RpcClient;
    return { service: new ContactsViewService(dataSource, new ContactsViewWriter(), rpc), asked, query };
  }

  it('answers from the view, asking nobody; a tombstone or another account means none', async () => {
    expect(
      await setUp({ id: 1, account_id: 1, deleted: false, blocked: false }, null).service.find(1, 1),
    ).toMatchObject({ id: 1 });
    for (const held of [
      { id: 1, account_id: 1, deleted: true },
      { id: 1, account_id: 2, deleted: false },
    ]) {
      const { service, asked } = setUp(held, contact(1, 'Ada'));
      expect(await service.find(1, 1)).toBeNull();
      expect(asked).toEqual([]);
    }
  });

  it('asks the owner within the account on a miss, keeps the answer and returns it as given', async () => {
    const { service, asked, query } = setUp(null, { ...contact(1, 'Ada'), blocked: true });
    expect(await service.find(1, 1)).toMatchObject({
      id: 1,
      account_id: 1,
      name: 'Ada',
      blocked: true,
      deleted: false,
    });
    expect(asked).toEqual([{ account_id: 1, id: 1 }]);
    expect(query).toHaveBeenCalledTimes(1);
  });

  it("answers the owner's state even when the view holds a version it cannot beat", async () => {
    const { service } = setUp(
      { id: 1, account_id: 1, deleted: false, blocked: true },
      { ...contact(1, 'Ada'), blocked: false },
    );
    expect(await service.fromOwner(1, 1)).toMatchObject({ blocked: false });
  });

  it('is none when the owner has none', async () => {
    expect(await setUp(null, null).service.find(1, 1)).toBeNull();
  });
});
