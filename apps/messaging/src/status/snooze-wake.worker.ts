import { Inject, Injectable } from '@nestjs/common';
import { Outbox, PollingLoop } from '@parley/service-kit';
import { MESSAGING_CONFIG, type MessagingConfig } from '../messaging.config';
import { ConversationChangesService } from '../conversations/conversation-changes.service';
import { ConversationWriter } from '../conversations/conversation.writer';

const BATCH = 50;

/**
 * Reopens snoozed conversations whose time has come. The wake-up time lives in the
 * conversation row, so a restart loses nothing; rows are claimed with SKIP LOCKED, so
 * replicas never wake one twice.
 */
@Injectable()
export class SnoozeWakeWorker extends PollingLoop {
  constructor(
    private readonly outbox: Outbox,
    private readonly changes: ConversationChangesService,
    private readonly conversations: ConversationWriter,
    @Inject(MESSAGING_CONFIG) config: MessagingConfig,
  ) {
    super(config.snoozePollIntervalMs, 'Waking snoozed conversations');
  }

  protected async pass(): Promise<boolean> {
    const woken = await this.outbox.transaction(async (tx, emit) => {
      const due = await this.conversations.lockDueSnoozes(tx, BATCH);
      for (const conversation of due) {
        await this.changes.apply(
          tx,
          emit,
          conversation,
          { status: 'open' },
          { actor: null, statusReason: 'snooze_elapsed' },
        );
      }
      return due.length;
    });
    return woken === BATCH;
  }
}
