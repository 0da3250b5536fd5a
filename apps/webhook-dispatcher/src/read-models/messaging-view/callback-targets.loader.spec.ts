import type { RpcClient } from '@parley/service-kit';
import { CallbackTargets } from './callback-targets.loader';

describe('callback targets', () => {
  const withAnswers = (answers: Record<number, { webhook_url: string; secret: string } | null>) => {
    const asked: number[] = [];
    const rpc = {
      send: async (_pattern: string, { inbox_id }: { inbox_id: number }) => {
        asked.push(inbox_id);
        const answer = answers[inbox_id];
        return answer && { account_id: 1, inbox_id, ...answer };
      },
    } as unknown as RpcClient;
    return { targets: new CallbackTargets(rpc), asked };
  };

  it('asks messaging once, then answers from what it kept', async () => {
    const { targets, asked } = withAnswers({ 5: { webhook_url: 'https://bridge.example.com/', secret: 's' } });
    expect(await targets.of(5)).toMatchObject({ webhook_url: 'https://bridge.example.com/' });
    expect(await targets.of(5)).toMatchObject({ webhook_url: 'https://bridge.example.com/' });
    expect(asked).toEqual([5]);
  });

  it('knows an inbox has no callback only from a fresh answer saying so, and forgets it when told', async () => {
    const { targets, asked } = withAnswers({ 5: null, 6: { webhook_url: 'https://bridge.example.com/', secret: 's' } });
    expect(targets.knownWithout(5)).toBe(false);
    await targets.of(5);
    await targets.of(6);
    expect([targets.knownWithout(5), targets.knownWithout(6)]).toEqual([true, false]);
    targets.forget(5);
    expect(targets.knownWithout(5)).toBe(false);
    await targets.of(5);
    expect(asked).toEqual([5, 6, 5]);
  });
});
