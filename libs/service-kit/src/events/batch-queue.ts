/**
 * Hands what has piled up to the next free worker in one go: under load each take returns many
 * items (so a consumer applies them in one transaction), when idle it returns the first at once.
 */
export class BatchQueue<T> {
  private readonly items: T[] = [];
  private readonly waiting: Array<() => void> = [];
  private closed = false;

  push(item: T): void {
    this.items.push(item);
    this.waiting.shift()?.();
  }

  /** No more items will come; takers get what is left, then empty batches. */
  close(): void {
    this.closed = true;
    for (const wake of this.waiting.splice(0)) wake();
  }

  /** Up to `max` items, waiting for the first; empty only once closed and drained. */
  async take(max: number): Promise<T[]> {
    while (this.items.length === 0 && !this.closed) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    return this.items.splice(0, max);
  }
}
