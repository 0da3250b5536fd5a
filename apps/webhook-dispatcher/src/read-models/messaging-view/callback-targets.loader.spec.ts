import type { RpcClient } from '@parley/service-kit';
import { CallbackTargetsLoader } from './callback-targets.loader';

describe('callback targets', () => {
  /** Messaging as a stand-in: inbox → its account and callback (null: none); it answers only within the inbox's account. */
  const withAnswers = (
    answers: Record<number, { account: number; callback: { webhook_url: string; secret: string } | null }>,
  ) => {
    const asked: Array<[number, number]> = [];
    const rpc = {
      send: async (_pattern: string, { account_id, inbox_id }: { account_id: number; inbox_id: number }) => {
        asked.push([account_id, inbox_id]);
        const answer = answers[inbox_id];
        return answer?.account === account_id && answer.callback ? { account_id, inbox_id, ...answer.callback } : null;
      },
    } as unknown as RpcClient;
    return { targets: new CallbackTargetsLoader(rpc), asked };
  };
  const bridge = { webhook_url: 'https://bridge.example.com/', secret: 's' };
  const past = () => Date.now() - 60_000;

  it('asks messaging once within the account, then answers from what it kept', async () => {
    const { targets, asked } = withAnswers({ 5: { account: 1, callback: bridge } });
    expect(await targets.of(1, 5, past())).toMatchObject({ webhook_url: 'https://bridge.example.com/' });
    expect(await targets.of(1, 5, Date.now() + 1000)).toMatchObject({ webhook_url: 'https://bridge.example.com/' });
    expect(asked).toEqual([[1, 5]]);
  });

  it("never answers for another account's inbox, and keeps answers apart per account", async () => {
    const { targets, asked } = withAnswers({ 5: { account: 1, callback: bridge } });
    expect(await targets.of(2, 5, past())).toBeNull();
    expect(await targets.of(1, 5, past())).toMatchObject({ webhook_url: 'https://bridge.example.com/' });
    expect(asked).toEqual([
      [2, 5],
      [1, 5],
    ]);
  });

  it('believes "no callback" only from an answer given after the event, and forgets it when told', async () => {
    const { targets, asked } = withAnswers({ 5: { account: 1, callback: null }, 6: { account: 1, callback: bridge } });
    const before = past();
    expect(targets.knownWithout(1, 5, before)).toBe(false);
    await targets.of(1, 5, before);
    await targets.of(1, 6, before);
    expect([targets.knownWithout(1, 5, before), targets.knownWithout(1, 6, before)]).toEqual([true, false]);
    // An event after that answer: the inbox may have got its URL in between.
    const later = Date.now() + 1000;
    expect(targets.knownWithout(1, 5, later)).toBe(false);
    await targets.of(1, 5, later);
    expect(asked).toEqual([
      [1, 5],
      [1, 6],
      [1, 5],
    ]);
    targets.forget(1, 6);
    await targets.of(1, 6, before);
    expect(asked).toHaveLength(4);
  });
});
