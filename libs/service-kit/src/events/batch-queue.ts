/**
 * Hands what has piled up to the next free worker in one go: under load each take returns many
 * items (so a consumer applies them in one transaction), when idle it returns the first at once,
 * or, asked to gather, once the first has waited that long (or the batch is full).
 */
export class BatchQueue<T> {
  private readonly items: Array<{ item: T; at: number }> = [];
  private readonly waiting: Array<() => void> = [];
  private closed = false;

  push(item: T): void {
    this.items.push({ item, at: performance.now() });
    this.waiting.shift()?.();
  }

  /** No more items will come; takers get what is left, then empty batches. */
  close(): void {
    this.closed = true;
    for (const wake of this.waiting.splice(0)) wake();
  }

  /**
   * Up to `max` items, waiting for the first; empty only once closed and drained. With
   * `gatherMs`, a batch that is not full is handed over only once its oldest item has waited that
   * long: a trickle of items goes in a few batches instead of one each.
   */
  async take(max: number, gatherMs = 0): Promise<T[]> {
    for (;;) {
      const oldest = this.items[0];
      // A monotonic clock: a wall clock set back would hold batches back.
      const wait =
        this.closed || this.items.length >= max ? 0 : oldest ? oldest.at + gatherMs - performance.now() : Infinity;
      if (wait <= 0) return this.items.splice(0, max).map(({ item }) => item);
      await this.wake(wait);
    }
  }

  /** Until the next push or close, or `ms` at most. */
  private wake(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      if (ms === Infinity) {
        this.waiting.push(resolve);
        return;
      }
      const woken = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(woken);
        if (index >= 0) this.waiting.splice(index, 1);
        resolve();
      }, ms);
      this.waiting.push(woken);
    });
  }
}
