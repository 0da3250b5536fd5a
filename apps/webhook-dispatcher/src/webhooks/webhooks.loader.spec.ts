import type { DataSource } from 'typeorm';
import { WebhooksLoader } from './webhooks.loader';

/** A data source whose webhooks table holds `subscriptions`; it counts the accounts each read asked about. */
function database(subscriptions: string[]) {
  const reads: number[][] = [];
  const dataSource = {
    driver: {
      master: {
        query: async ({ values }: { values: [number[]] }) => {
          reads.push(values[0]);
          const rows = subscriptions
            .filter((pair) => values[0].includes(Number(pair.split(':')[0])))
            .map((subscription) => ({ subscription }));
          return { rows };
        },
      },
    },
  } as unknown as DataSource;
  return { dataSource, reads, subscriptions };
}

describe('which events have a subscribed webhook (the sift before fan-out)', () => {
  afterEach(() => jest.useRealTimers());

  it('answers the subscribed pairs among those asked', async () => {
    const { dataSource } = database(['1:message_created', '2:conversation_created']);
    const subscribed = await new WebhooksLoader().subscribedAmong(dataSource, [
      '1:message_created',
      '2:message_created',
    ]);
    expect([...subscribed]).toEqual(['1:message_created', '2:conversation_created']);
    expect(subscribed.has('2:message_created')).toBe(false);
  });

  it('does not read again for a pair it found subscribed lately', async () => {
    const { dataSource, reads } = database(['1:message_created']);
    const loader = new WebhooksLoader();
    await loader.subscribedAmong(dataSource, ['1:message_created']);
    const again = await loader.subscribedAmong(dataSource, ['1:message_created']);
    expect(again.has('1:message_created')).toBe(true);
    expect(reads).toEqual([[1]]);
  });

  it('reads again for a pair found without a webhook: a webhook made since gets the next event', async () => {
    const { dataSource, reads, subscriptions } = database([]);
    const loader = new WebhooksLoader();
    expect((await loader.subscribedAmong(dataSource, ['3:message_created'])).size).toBe(0);
    subscriptions.push('3:message_created');
    expect((await loader.subscribedAmong(dataSource, ['3:message_created'])).has('3:message_created')).toBe(true);
    expect(reads).toEqual([[3], [3]]);
  });

  it('asks only about the accounts of pairs not known, and forgets a yes after a while', async () => {
    jest.useFakeTimers({ now: new Date('2026-12-07T10:00:00Z') });
    const { dataSource, reads, subscriptions } = database(['1:message_created', '4:message_created']);
    const loader = new WebhooksLoader();
    await loader.subscribedAmong(dataSource, ['1:message_created']);
    await loader.subscribedAmong(dataSource, ['1:message_created', '4:message_created']);
    expect(reads).toEqual([[1], [4]]);
    // The webhook was deleted: after a while the sift learns it.
    subscriptions.length = 0;
    jest.setSystemTime(new Date('2026-12-07T10:00:11Z'));
    expect((await loader.subscribedAmong(dataSource, ['1:message_created'])).size).toBe(0);
    expect(reads).toEqual([[1], [4], [1]]);
  });
});
