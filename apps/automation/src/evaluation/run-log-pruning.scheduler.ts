import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RunLogWriter } from './run-log.writer';

const EVERY_MS = 60 * 60 * 1000;

/**
 * Forgets runs older than the retention, hourly. A timer suffices: a missed pass loses nothing
 * (reads filter on the window too) and any replica's pass does the work.
 */
@Injectable()
export class RunLogPruningScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RunLogPruningScheduler.name);
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly runLog: RunLogWriter,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.prune(), EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async prune(): Promise<void> {
    try {
      await this.runLog.prune(this.dataSource);
    } catch (error) {
      this.logger.warn(`Pruning the run log failed: ${(error as Error).message}`);
    }
  }
}
