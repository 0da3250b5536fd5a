import type { OnApplicationShutdown } from '@nestjs/common';
import { CommitNotifications } from './commit-notifications';
import { PollingLoop } from './polling-loop';

/**
 * A PollingLoop whose work is also announced: writers `pg_notify(<channel>)` in the transaction
 * that adds work, and the loop runs as soon as it commits (any replica's), not at the next tick.
 * The timer stays, for retries that fall due and for the moments the listener is reconnecting.
 */
export abstract class AnnouncedPollingLoop extends PollingLoop implements OnApplicationShutdown {
  private readonly notifications: CommitNotifications;

  protected constructor(intervalMs: number, what: string, databaseUrl: string, channel: string) {
    super(intervalMs, what, true);
    this.notifications = new CommitNotifications(databaseUrl, channel);
  }

  override onApplicationBootstrap(): void {
    super.onApplicationBootstrap();
    this.notifications.listen(() => this.kick());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.notifications.close();
  }
}
