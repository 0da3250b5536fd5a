import { Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { COMPACT_CONVERSATION_COUNTS } from './persistence/conversation-count.row';

const INTERVAL_MS = 2_000;
const ACCOUNTS_PER_PASS = 200;

/**
 * Keeps the maintained counts cheap to read: folds each account's appended +1/-1 rows into one
 * row per bucket every couple of seconds, so a read sums a handful of rows plus what changed
 * since. Replicas may run it side by side (see COMPACT_CONVERSATION_COUNTS).
 */
@Injectable()
export class ConversationCountsCompactor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ConversationCountsCompactor.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.running ??= this.compact().finally(() => (this.running = null));
    }, INTERVAL_MS);
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private async compact(): Promise<void> {
    try {
      let accounts: number;
      do {
        [{ accounts }] = await this.dataSource.query(COMPACT_CONVERSATION_COUNTS, [ACCOUNTS_PER_PASS]);
      } while (accounts === ACCOUNTS_PER_PASS);
    } catch (error) {
      this.logger.warn(`Compacting conversation counts failed, will retry: ${(error as Error).message}`);
    }
  }
}
