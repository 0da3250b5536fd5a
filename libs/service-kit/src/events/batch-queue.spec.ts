import { BatchQueue } from './batch-queue';

describe('BatchQueue', () => {
  it('hands everything that piled up to one taker, up to the maximum', async () => {
    const queue = new BatchQueue<number>();
    for (const n of [1, 2, 3, 4, 5]) queue.push(n);
    await expect(queue.take(3)).resolves.toEqual([1, 2, 3]);
    await expect(queue.take(3)).resolves.toEqual([4, 5]);
  });

  it('makes a taker wait for the first item and gives it at once', async () => {
    const queue = new BatchQueue<string>();
    const taken = queue.take(10);
    queue.push('a');
    await expect(taken).resolves.toEqual(['a']);
  });

  it('wakes waiting takers one item at a time', async () => {
    const queue = new BatchQueue<string>();
    const first = queue.take(10);
    const second = queue.take(10);
    queue.push('a');
    await expect(first).resolves.toEqual(['a']);
    queue.push('b');
    await expect(second).resolves.toEqual(['b']);
  });

  it('drains what is left after close, then returns empty batches', async () => {
    const queue = new BatchQueue<number>();
    const waiting = queue.take(5);
    queue.push(1);
    queue.push(2);
    queue.close();
    await expect(waiting).resolves.toEqual([1, 2]);
    await expect(queue.take(5)).resolves.toEqual([]);
  });

  it('releases takers waiting on an empty queue when it closes', async () => {
    const queue = new BatchQueue<number>();
    const waiting = queue.take(5);
    queue.close();
    await expect(waiting).resolves.toEqual([]);
  });
});
