import type { ServiceProcess } from './service-process';

export interface SupervisorOptions {
  /** Where restarts and give-ups are reported (the launcher prints them). */
  report: (line: string) => void;
  /** Wait before the first restart; doubled for each further crash within the window, up to maxBackoffMs. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** This many crashes within crashWindowMs is a crash loop: stop restarting and say so. */
  maxCrashes?: number;
  crashWindowMs?: number;
}

/**
 * Restarts a service that died on its own (in development; Kubernetes does it in deployment),
 * with back-off, and gives up on a crash loop instead of spinning.
 */
export class Supervisor {
  private readonly crashes: number[] = [];
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly service: ServiceProcess,
    private readonly options: SupervisorOptions,
  ) {}

  /** Called by the process when it ends without having been asked to. */
  crashed(exit: { code: number | null; signal: NodeJS.Signals | null }): void {
    this.recordCrash(exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`);
  }

  private recordCrash(how: string): void {
    if (this.stopped) return;
    const now = Date.now();
    const window = this.options.crashWindowMs ?? 120_000;
    this.crashes.push(now);
    while (this.crashes.length && this.crashes[0] < now - window) this.crashes.shift();
    const limit = this.options.maxCrashes ?? 5;
    if (this.crashes.length >= limit) {
      this.options.report(
        `${this.service.name} crashed ${this.crashes.length} times within ${Math.round(window / 1000)} s (last: ${how}); giving up on it — see its log, fix the cause and restart Parley`,
      );
      return;
    }
    const wait = Math.min(
      (this.options.initialBackoffMs ?? 1000) * 2 ** (this.crashes.length - 1),
      this.options.maxBackoffMs ?? 30_000,
    );
    this.options.report(`${this.service.name} stopped unexpectedly (${how}); restarting in ${wait / 1000} s`);
    this.timer = setTimeout(() => void this.restart(), wait);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private async restart(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.service.start();
      this.options.report(`${this.service.name} is running again (pid ${this.service.pid})`);
    } catch (error) {
      this.recordCrash(`failed to start: ${(error as Error).message.split('\n')[0]}`);
    }
  }
}
