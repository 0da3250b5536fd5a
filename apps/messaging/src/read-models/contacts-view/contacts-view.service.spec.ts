import type { ContactSnapshot } from '@parley/contracts';
import type { EntityManager, Repository } from 'typeorm';
import type { RpcClient } from '@parley/service-kit';
import { contactSnapshot } from '@parley/testing';
import type { ContactViewEntity } from './persistence/contact-view.orm-entity';
import { ContactsViewService } from './contacts-view.service';

const contact = (id: number, name: string): ContactSnapshot => contactSnapshot(1, { id, name });

/** The statement's parameters: one array per column, ids first, names third, versions last. */
async function written(versions: Array<{ contact: ContactSnapshot; version: Date }>): Promise<{ ids: number[]; names: string[]; versions: Date[] } | null> {
  const query = jest.fn().mockResolvedValue([]);
  const service = new ContactsViewService({} as Repository<ContactViewEntity>, {} as RpcClient);
  await service.applyMany({ query } as unknown as EntityManager, versions);
  if (query.mock.calls.length === 0) return null;
  expect(query).toHaveBeenCalledTimes(1);
  const params = query.mock.calls[0][1] as unknown[][];
  return { ids: params[0] as number[], names: params[2] as string[], versions: params[9] as Date[] };
}

describe('ContactsViewService.applyMany', () => {
  it('writes every contact of a batch with one statement', async () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(await written([{ contact: contact(1, 'Ada'), version: at }, { contact: contact(2, 'Grace'), version: at }])).toEqual({
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
