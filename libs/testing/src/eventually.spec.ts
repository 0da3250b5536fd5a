import { eventually } from './eventually';

describe('eventually', () => {
  it('returns the first successful result', async () => {
    let calls = 0;
    const result = await eventually(
      () => {
        calls++;
        if (calls < 3) throw new Error('not yet');
        return 'done';
      },
      { intervalMs: 1 },
    );
    expect(result).toBe('done');
    expect(calls).toBe(3);
  });

  it('fails with the last error once the time is up', async () => {
    await expect(
      eventually(
        () => {
          throw new Error('still broken');
        },
        { timeoutMs: 30, intervalMs: 5, description: 'Repair' },
      ),
    ).rejects.toThrow('Repair not met within 30 ms: still broken');
  });
});
