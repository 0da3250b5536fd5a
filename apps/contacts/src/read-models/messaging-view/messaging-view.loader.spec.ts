import type { CustomAttributeDefinition, InboxSnapshot } from '@parley/contracts';
import type { RpcClient } from '@parley/service-kit';
import { contactAttributeDefinition } from '@parley/testing';
import type { DataSource } from 'typeorm';
import { MessagingViewLoader } from './messaging-view.loader';
import type { MessagingViewWriter } from './messaging-view.writer';

/** The loader over a view holding `rows` (answers in order) and a messaging that answers `owner`. */
function setUp(rows: unknown[][], owner: unknown) {
  const asked: Array<[string, unknown]> = [];
  const stored: unknown[] = [];
  const dataSource = { query: jest.fn(async () => rows.shift() ?? []), manager: {} } as unknown as DataSource;
  const rpc = {
    send: async (pattern: string, request: unknown) => {
      asked.push([pattern, request]);
      return owner;
    },
  } as unknown as RpcClient;
  const writer = {
    inboxes: {
      recordOne: async (_tx: unknown, inbox: InboxSnapshot, version: Date) =>
        void stored.push({ id: inbox.id, version }),
    },
    definitions: {
      record: async (_tx: unknown, versions: Array<{ item: CustomAttributeDefinition; version: Date }>) =>
        void stored.push(...versions.map(({ item: { id }, version }) => ({ id, version }))),
    },
  } as unknown as MessagingViewWriter;
  return { loader: new MessagingViewLoader(dataSource, writer, rpc), asked, stored };
}

describe('the messaging view', () => {
  describe('an inbox', () => {
    const row = { id: 5, account_id: 1, name: 'Api', channel_type: 'Channel::Api', deleted: false };

    it('is answered from the view when it is there, asking nobody', async () => {
      const { loader, asked } = setUp([[row]], null);
      expect(await loader.inbox(1, 5)).toEqual({ id: 5, name: 'Api', channel_type: 'Channel::Api' });
      expect(asked).toEqual([]);
    });

    it("is none when the view holds its tombstone or it is another account's, asking nobody", async () => {
      for (const known of [
        { ...row, deleted: true },
        { ...row, account_id: 2 },
      ]) {
        const { loader, asked } = setUp([[known]], null);
        expect(await loader.inbox(1, 5)).toBeNull();
        expect(asked).toEqual([]);
      }
    });

    it("unknown to the view, is asked of messaging within the account and kept at the owner's version", async () => {
      const owner = {
        id: 5,
        account_id: 1,
        name: 'Api',
        channel_type: 'Channel::Api',
        auto_assignment_config: { max_assignment_limit: null },
        updated_at: 1_700_000_000,
      };
      const { loader, asked, stored } = setUp([[]], owner);
      expect(await loader.inbox(1, 5)).toMatchObject({
        id: 5,
        account_id: 1,
        name: 'Api',
        channel_type: 'Channel::Api',
        updated_at: 1_700_000_000,
      });
      expect(asked).toEqual([['messaging.inboxes.find', { account_id: 1, id: 5 }]]);
      expect(stored).toEqual([{ id: 5, version: new Date(1_700_000_000_000) }]);
    });

    it('is none when messaging has none either, and nothing is kept', async () => {
      const { loader, stored } = setUp([[]], null);
      expect(await loader.inbox(1, 5)).toBeNull();
      expect(stored).toEqual([]);
    });
  });

  describe('the definitions to judge written attributes by', () => {
    const plan = contactAttributeDefinition('plan');
    const view = [{ definition: plan }];

    it("are the view's when it knows every key written and accepts every value", async () => {
      const { loader, asked } = setUp([view], []);
      expect(await loader.contactDefinitionsFor(1, [{ plan: 'pro' }, { plan: null }])).toEqual([plan]);
      expect(asked).toEqual([]);
    });

    it("are messaging's (and kept) when a key has no definition in the view or the view refuses a value", async () => {
      const tier = contactAttributeDefinition('tier', { updated_at: 1_700_000_200 });
      for (const written of [{ tier: 'gold' }, { plan: 'enterprise' }]) {
        const { loader, asked, stored } = setUp([view], [plan, tier]);
        expect(await loader.contactDefinitionsFor(1, [written])).toEqual([plan, tier]);
        expect(asked).toEqual([
          ['messaging.custom_attribute_definitions.of_model', { account_id: 1, attribute_model: 'contact_attribute' }],
        ]);
        expect(stored).toEqual([
          { id: plan.id, version: new Date(1_700_000_100_000) },
          { id: tier.id, version: new Date(1_700_000_200_000) },
        ]);
      }
    });
  });

  it('reads filter keys by the view when it knows them all, by messaging otherwise', async () => {
    const known = setUp([[{ definition: contactAttributeDefinition('score') }]], []);
    await known.loader.contactDefinitionsOf(1, ['score']);
    expect(known.asked).toEqual([]);
    const unknown = setUp([[{ definition: contactAttributeDefinition('score') }]], []);
    await unknown.loader.contactDefinitionsOf(1, ['score', 'age']);
    expect(unknown.asked).toHaveLength(1);
  });
});
