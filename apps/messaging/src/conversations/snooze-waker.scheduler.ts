import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { Outbox } from '@parley/service-kit';
import { MESSAGING_CONFIG, type MessagingConfig } from '../messaging.config';
import { ConversationChanges } from './conversation-changes.service';
import { ConversationEntity } from './persistence/conversation.orm-entity';

const BATCH = 50;

/**
 * Reopens snoozed conversations whose time has come. The wake-up time lives in the
 * conversation row, so a restart loses nothing; rows are claimed with SKIP LOCKED, so
 * replicas never wake one twice.
 */
@Injectable()
export class SnoozeWaker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(SnoozeWaker.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly outbox: Outbox,
    private readonly changes: ConversationChanges,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.running ??= this.wakeDue().finally(() => (this.running = null));
    }, this.config.snoozePollIntervalMs);
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  async wakeDue(): Promise<void> {
    try {
      let woken: number;
      do {
        woken = await this.outbox.transaction(async (tx, emit) => {
          const due = await tx
            .createQueryBuilder(ConversationEntity, 'c')
            .where("c.status = 'snoozed' AND c.snoozed_until <= now()")
            .orderBy('c.snoozed_until', 'ASC')
            .limit(BATCH)
            .setLock('pessimistic_write')
            .setOnLocked('skip_locked')
            .getMany();
          for (const conversation of due) {
            await this.changes.apply(tx, emit, conversation, { status: 'open' }, { actor: null, statusReason: 'snooze_elapsed' });
          }
          return due.length;
        });
      } while (woken === BATCH);
    } catch (error) {
      this.logger.warn(`Waking snoozed conversations failed, will retry: ${(error as Error).message}`);
    }
  }
}
