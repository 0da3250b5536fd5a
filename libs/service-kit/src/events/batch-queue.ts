/**
 * Hands what has piled up to the next free worker in one go: under load each take returns many
 * items (so a consumer applies them in one transaction), when idle it returns the first at once.
 * While items keep coming (a take follows the previous one closely), a take may wait a few
 * milliseconds more for a fuller batch: one transaction for several events instead of one each.
 */
export class BatchQueue<T> {
  private readonly items: T[] = [];
  private readonly waiting: Array<() => void> = [];
  private gathering: { max: number; done: () => void } | null = null;
  private closed = false;
  private lastTakenAt = Number.NEGATIVE_INFINITY;

  /** `gatherMs`: how long a take waits for more once items flow (0: never). */
  constructor(private readonly gatherMs = 0) {}

  push(item: T): void {
    this.items.push(item);
    if (this.gathering && this.items.length >= this.gathering.max) this.gathering.done();
    this.waiting.shift()?.();
  }

  /** No more items will come; takers get what is left, then empty batches. */
  close(): void {
    this.closed = true;
    this.gathering?.done();
    for (const wake of this.waiting.splice(0)) wake();
  }

  /**
   * Up to `max` items, waiting for the first; empty only once closed and drained. When the
   * previous take was less than ten gathering periods ago, it waits up to `gatherMs` for `max`.
   */
  async take(max: number): Promise<T[]> {
    while (this.items.length === 0 && !this.closed) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    const flowing = performance.now() - this.lastTakenAt < 10 * this.gatherMs;
    if (flowing && this.items.length < max && !this.closed && !this.gathering) await this.gather(max);
    this.lastTakenAt = performance.now();
    return this.items.splice(0, max);
  }

  private gather(max: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.gathering = null;
        resolve();
      };
      const timer = setTimeout(done, this.gatherMs);
      this.gathering = { max, done };
    });
  }
}
