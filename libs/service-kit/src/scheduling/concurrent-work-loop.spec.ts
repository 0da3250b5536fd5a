import { ConcurrentWorkLoop } from './concurrent-work-loop';

/** Items are numbers; `slow` ones wait until released. Nothing is announced (no database here). */
class ScriptedWork extends ConcurrentWorkLoop<number> {
  readonly due: number[] = [];
  readonly done: number[] = [];
  active = 0;
  mostActive = 0;
  private release: (() => void) | null = null;
  private readonly held = new Promise<void>((resolve) => (this.release = resolve));

  constructor(maxInFlight: number) {
    super(60_000, 'Testing', 'postgres://unused', 'unused', maxInFlight);
  }

  protected async claim(room: number): Promise<number[]> {
    return this.due.splice(0, room);
  }

  protected async handle(item: number): Promise<void> {
    this.active += 1;
    this.mostActive = Math.max(this.mostActive, this.active);
    if (item < 0) await this.held;
    else await new Promise((resolve) => setImmediate(resolve));
    this.done.push(item);
    this.active -= 1;
  }

  releaseSlow(): void {
    this.release?.();
  }
}

describe('ConcurrentWorkLoop', () => {
  it('lets a slow item hold only its own slot, and never runs more than its limit at once', async () => {
    const loop = new ScriptedWork(2);
    loop.due.push(-1, 1, 2, 3);
    await loop.runNow();
    // the slow item holds one slot; the others go through the second one after another
    for (let tries = 0; loop.done.length < 3 && tries < 50; tries++)
      await new Promise((resolve) => setImmediate(resolve));
    expect(loop.done).toEqual([1, 2, 3]);
    expect(loop.mostActive).toBe(2);
    loop.releaseSlow();
    await loop.beforeApplicationShutdown();
    expect(loop.done).toEqual([1, 2, 3, -1]);
  });
});
