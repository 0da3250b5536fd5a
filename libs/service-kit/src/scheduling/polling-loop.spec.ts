import { PollingLoop } from './polling-loop';

/** A loop whose passes the test releases one by one. */
class ScriptedLoop extends PollingLoop {
  passes = 0;
  readonly answers: boolean[] = [];
  private release: (() => void) | null = null;
  gate: Promise<void> | null = null;
  failNext = false;

  constructor(intervalMs = 60_000) {
    super(intervalMs, 'Testing');
  }

  hold(): void {
    this.gate = new Promise((resolve) => (this.release = resolve));
  }

  open(): void {
    this.release?.();
    this.gate = null;
  }

  protected async pass(): Promise<boolean> {
    this.passes += 1;
    if (this.gate) await this.gate;
    if (this.failNext) {
      this.failNext = false;
      throw new Error('boom');
    }
    return this.answers.shift() ?? false;
  }
}

describe('PollingLoop', () => {
  it('repeats passes while they find a full batch', async () => {
    const loop = new ScriptedLoop();
    loop.answers.push(true, true, false);
    await loop.runNow();
    expect(loop.passes).toBe(3);
  });

  it('runs one pass at a time: the kicks that come while it runs make one more pass after it, not one each', async () => {
    const loop = new ScriptedLoop();
    loop.hold();
    loop.kick();
    loop.kick();
    loop.kick();
    // still the first pass: nothing ran beside it
    expect(loop.passes).toBe(1);
    loop.open();
    await loop.runNow();
    // work announced during the first pass may have come after its claim: one more pass looked for it
    expect(loop.passes).toBe(2);
  });

  it('keeps working after a failed pass', async () => {
    const loop = new ScriptedLoop();
    loop.failNext = true;
    await loop.runNow();
    await loop.runNow();
    expect(loop.passes).toBe(2);
  });

  it('waits at shutdown for the running pass and starts none after it', async () => {
    const loop = new ScriptedLoop();
    loop.answers.push(true, true, true);
    loop.hold();
    loop.kick();
    let stopped = false;
    const stopping = loop.beforeApplicationShutdown().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    loop.open();
    await stopping;
    expect(loop.passes).toBe(1);
    loop.kick();
    await loop.runNow();
    expect(loop.passes).toBe(1);
  });

  it('ticks on its timer after bootstrap', async () => {
    jest.useFakeTimers();
    try {
      const loop = new ScriptedLoop(1000);
      loop.onApplicationBootstrap();
      expect(loop.passes).toBe(0);
      await jest.advanceTimersByTimeAsync(1000);
      expect(loop.passes).toBe(1);
      await jest.advanceTimersByTimeAsync(1000);
      expect(loop.passes).toBe(2);
      await loop.beforeApplicationShutdown();
      await jest.advanceTimersByTimeAsync(5000);
      expect(loop.passes).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('runs again at once, not at the next tick, when work was announced after the last pass found none', async () => {
    class AnnouncedLoop extends ScriptedLoop {
      announcements = 1;
      protected override dueAgain(): boolean {
        return this.announcements-- > 0;
      }
    }
    const loop = new AnnouncedLoop();
    await loop.runNow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(loop.passes).toBe(2);
  });
});
