import { AnnouncedPollingLoop } from './announced-polling-loop';

/**
 * An AnnouncedPollingLoop that works on up to `maxInFlight` claimed items at once: a pass claims
 * as many due items as there is room for and starts them; each finished item makes room and
 * runs another pass. So one slow item (a provider that takes its time) holds only its own slot.
 * Claims are the subclass's (leases in the database), so a crash loses nothing.
 */
export abstract class ConcurrentWorkLoop<Item> extends AnnouncedPollingLoop {
  private readonly inFlight = new Set<Promise<void>>();

  protected constructor(
    intervalMs: number,
    what: string,
    databaseUrl: string,
    channel: string,
    private readonly maxInFlight: number,
  ) {
    super(intervalMs, what, databaseUrl, channel);
  }

  /** Claims up to `room` due items. */
  protected abstract claim(room: number): Promise<Item[]>;

  /** Works on one claimed item; a failure is the subclass's to record (a throw is only logged). */
  protected abstract handle(item: Item): Promise<void>;

  override async beforeApplicationShutdown(): Promise<void> {
    await super.beforeApplicationShutdown();
    await Promise.all(this.inFlight);
  }

  protected async pass(): Promise<boolean> {
    const room = this.maxInFlight - this.inFlight.size;
    if (room <= 0) return false;
    const claimed = await this.claim(room);
    for (const item of claimed) {
      const work: Promise<void> = this.handle(item)
        .catch((error: Error) => this.logger.warn(`${error.message}`))
        .finally(() => {
          this.inFlight.delete(work);
          if (!this.isStopping) this.kick();
        });
      this.inFlight.add(work);
    }
    return claimed.length === room;
  }
}
