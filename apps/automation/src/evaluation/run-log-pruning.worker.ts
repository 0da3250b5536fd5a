import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PollingLoop } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { RunLogWriter } from './run-log.writer';

const EVERY_MS = 60 * 60 * 1000;

/**
 * Forgets runs older than the retention, hourly. A timer suffices: a missed pass loses nothing
 * (reads filter on the window too) and any replica's pass does the work.
 */
@Injectable()
export class RunLogPruningWorker extends PollingLoop {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly runLog: RunLogWriter,
  ) {
    super(EVERY_MS, 'Pruning the run log');
  }

  protected async pass(): Promise<boolean> {
    await this.runLog.prune(this.dataSource);
    return false;
  }
}
