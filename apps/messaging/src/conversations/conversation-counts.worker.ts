import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PollingLoop } from '@parley/service-kit';
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
export class ConversationCountsWorker extends PollingLoop {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super(INTERVAL_MS, 'Compacting conversation counts');
  }

  protected async pass(): Promise<boolean> {
    const [{ accounts }] = await this.dataSource.query(COMPACT_CONVERSATION_COUNTS, [ACCOUNTS_PER_PASS]);
    return accounts === ACCOUNTS_PER_PASS;
  }
}
