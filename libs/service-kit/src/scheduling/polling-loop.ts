import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';

/**
 * A background job that polls the database: a timer, one pass at a time, batches repeated while
 * a pass finds a full one, and a shutdown that waits for the running pass. The work lives in the
 * database (claimed rows, leases), so a missed or failed pass only delays it to the next tick.
 *
 * Subclasses implement `pass()`. Shutdown is drained in `beforeApplicationShutdown`, while the
 * database and NATS connections are still open, so a pass in flight can finish its transaction.
 */
export abstract class PollingLoop implements OnApplicationBootstrap, BeforeApplicationShutdown {
  protected readonly logger = new Logger(this.constructor.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopping = false;
  private kickedWhileRunning = false;

  /**
   * @param intervalMs how often a pass starts when nothing kicks it sooner
   * @param what what a pass does, for the log line when it fails ("Waking snoozed conversations")
   * @param runAtStart whether the first pass runs at bootstrap instead of one interval later
   */
  protected constructor(
    private readonly intervalMs: number,
    private readonly what: string,
    private readonly runAtStart = false,
  ) {}

  /**
   * One batch of work. Answers true when there may be more due right now (a full batch), so the
   * loop goes on without waiting for the timer.
   */
  protected abstract pass(): Promise<boolean>;

  /**
   * Whether work came in after the last pass answered there was none (asked when passes stop):
   * a loop whose work is announced (not only polled) says so, and runs again at once instead
   * of at the next tick. By default the timer finds it.
   */
  protected dueAgain(): boolean {
    return false;
  }

  /** True once shutdown began: long passes check it between units of work. */
  protected get isStopping(): boolean {
    return this.stopping;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
    if (this.runAtStart) this.kick();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs passes now; when they are running, once more after them (the new work may have come after their claim). */
  kick(): void {
    if (this.running) this.kickedWhileRunning = true;
    this.startPasses();
  }

  private startPasses(): void {
    if (this.stopping) return;
    this.running ??= this.drain().finally(() => {
      this.running = null;
      if (this.kickedWhileRunning || this.dueAgain()) this.startPasses();
    });
  }

  /** Runs passes until one answers that nothing more is due; resolves when they are done. */
  async runNow(): Promise<void> {
    this.kick();
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    this.kickedWhileRunning = false;
    try {
      while (!this.stopping && (await this.pass()));
    } catch (error) {
      this.logger.warn(`${this.what} failed, will retry: ${(error as Error).message}`);
    }
  }
}
