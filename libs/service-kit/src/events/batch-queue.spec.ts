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

  describe('gathering', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    /** Whether `promise` has settled once pending callbacks have run. */
    const settled = async (promise: Promise<unknown>) => {
      let done = false;
      void promise.then(() => (done = true));
      await jest.advanceTimersByTimeAsync(0);
      return done;
    };

    it('hands a batch that is not full over only once its oldest item has waited that long', async () => {
      const queue = new BatchQueue<string>();
      const taken = queue.take(10, 50);
      queue.push('a');
      await jest.advanceTimersByTimeAsync(30);
      queue.push('b');
      expect(await settled(taken)).toBe(false);
      await jest.advanceTimersByTimeAsync(19);
      expect(await settled(taken)).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await expect(taken).resolves.toEqual(['a', 'b']);
    });

    it('hands a full batch over at once', async () => {
      const queue = new BatchQueue<number>();
      const taken = queue.take(3, 50);
      for (const n of [1, 2, 3, 4]) queue.push(n);
      expect(await settled(taken)).toBe(true);
      await expect(taken).resolves.toEqual([1, 2, 3]);
    });

    it('counts from when the oldest item came, not from when it was asked for', async () => {
      const queue = new BatchQueue<string>();
      queue.push('a');
      await jest.advanceTimersByTimeAsync(60);
      await expect(queue.take(10, 50)).resolves.toEqual(['a']);
    });

    it('hands what it gathered over when the queue closes', async () => {
      const queue = new BatchQueue<string>();
      const taken = queue.take(10, 50);
      queue.push('a');
      queue.close();
      expect(await settled(taken)).toBe(true);
      await expect(taken).resolves.toEqual(['a']);
    });

    it('never gives a second taker an empty batch while the queue is open', async () => {
      const queue = new BatchQueue<string>();
      const first = queue.take(10, 50);
      const second = queue.take(10, 50);
      queue.push('a');
      queue.push('b');
      await jest.advanceTimersByTimeAsync(50);
      const [one, other] = [await settled(first), await settled(second)];
      expect([one, other].filter(Boolean)).toHaveLength(1);
      const batch = await (one ? first : second);
      expect(batch).toEqual(['a', 'b']);
      queue.push('c');
      await jest.advanceTimersByTimeAsync(50);
      await expect(one ? second : first).resolves.toEqual(['c']);
    });
  });
});
