import { dataFrame, eventMessage, SharedFrames } from './cable-frames';
import type {
  EventHistory,
  HostFrame,
  HistoryAnswer,
  RealtimeEvent,
  RealtimeLogger,
  RoomIdentifier,
  SubscriptionContext,
  SubscriptionGrant,
} from './realtime.ports';

/** What a subscription needs of its socket. */
export interface FrameSink {
  readonly ip: string;
  /** False when the frame was not sent (socket gone or found slow and being closed). */
  sendFrame(frame: string | Buffer): boolean;
  /** Resolves true once the send buffer has room again, false if the client stopped reading. */
  drained(): Promise<boolean>;
  /** A subscription could not keep up: the socket is closed, the client reconnects and resumes. */
  overflowed(): void;
}

export interface SubscriptionSettings {
  history?: EventHistory;
  logger: RealtimeLogger;
  maxQueuedFrames: number;
  dedupeWindowMs: number;
}

/** Ids remembered for de-duplication at most (a resume replays up to 10,000 events). */
const DEDUPE_CAPACITY = 20_000;

type Grant = Exclude<SubscriptionGrant, { role: 'rejected' }>;

/**
 * One confirmed subscription. Live frames go straight out, except while a `resume` replays
 * history: then they queue, and go out after the replay. An event seen twice (in the replay and
 * live, or live on two of its streams) goes out once: ids delivered shortly after a confirm or a
 * replay are remembered for `dedupeWindowMs`.
 */
export class CableSubscription implements SubscriptionContext {
  private replaying = false;
  /** Live frames held during a replay: stored events, or frames the host sent (`send`), named when they go out. */
  private queued: Array<{ eventId: string; message: string } | { frame: HostFrame }> = [];
  private recentIds: Set<string> | null = null;
  private recentUntil = 0;
  private ended = false;
  private lastStored: string | null = null;
  private hostFrames = 0;

  constructor(
    private readonly sink: FrameSink,
    readonly rawIdentifier: string,
    readonly identifier: RoomIdentifier,
    readonly grant: Grant,
    readonly streams: readonly string[],
    private readonly settings: SubscriptionSettings,
  ) {}

  get ip(): string {
    return this.sink.ip;
  }

  get position(): string | null {
    return this.lastStored;
  }

  /** Starts the de-duplication window: a resume may replay what arrived live since the confirm. */
  confirmed(): void {
    this.openWindow();
  }

  end(): void {
    this.ended = true;
    this.queued = [];
    this.recentIds = null;
  }

  send(frame: HostFrame): void {
    if (!this.hold({ frame })) this.emitHostFrame(frame);
  }

  /** A live event: its serialised `{event, data, event_id}`, with frames shared by the other recipients. */
  deliver(eventId: string, frames: SharedFrames): void {
    if (!this.hold({ eventId, message: frames.message })) this.emit(eventId, frames);
  }

  /** True when the frame needs no sending now: the subscription ended, or it waits for a replay to end. */
  private hold(entry: { eventId: string; message: string } | { frame: HostFrame }): boolean {
    if (this.ended) return true;
    if (!this.replaying) return false;
    if (this.queued.length >= this.settings.maxQueuedFrames) {
      this.settings.logger.warn({ identifier: this.rawIdentifier }, 'realtime: live frames overflowed during a replay');
      this.sink.overflowed();
      return true;
    }
    this.queued.push(entry);
    return true;
  }

  /** Drops expired de-duplication memory (called on each beat). */
  sweep(now: number): void {
    if (this.recentIds && now > this.recentUntil && !this.replaying) this.recentIds = null;
  }

  /** `{"action":"resume","since":…}`: the events after `since`, then the live ones held meanwhile. */
  async resume(since: string): Promise<void> {
    if (this.replaying || this.ended) return;
    this.replaying = true;
    this.openWindow();
    try {
      const answer = await this.historySince(since);
      if (answer.status === 'too_old') this.sendResyncRequired(answer.latestEventId ?? since, since);
      else await this.replay(answer.events);
    } catch (error) {
      // The client cannot be brought up to date: it refetches instead of missing events.
      this.settings.logger.warn({ error: String(error), identifier: this.rawIdentifier }, 'realtime: resume failed');
      this.sendResyncRequired(since, since);
    } finally {
      // No await from here on: queued frames go out before any later live one.
      for (const entry of this.queued)
        if ('frame' in entry) this.emitHostFrame(entry.frame);
        else this.emit(entry.eventId, entry.message);
      this.queued = [];
      this.replaying = false;
      this.openWindow();
    }
  }

  private async historySince(since: string): Promise<HistoryAnswer> {
    if (!this.settings.history) return { status: 'too_old' };
    return this.settings.history.eventsSince({ streams: this.streams, since });
  }

  private async replay(events: Iterable<RealtimeEvent> | AsyncIterable<RealtimeEvent>): Promise<void> {
    for await (const event of events) {
      if (this.ended || !this.emit(event.event_id, eventMessage(event))) return;
      if (!(await this.sink.drained())) {
        this.sink.overflowed();
        return;
      }
    }
  }

  private sendResyncRequired(eventId: string, since: string): void {
    if (this.ended) return;
    const data: Record<string, unknown> = { since };
    if (this.grant.accountId !== undefined) data.account_id = this.grant.accountId;
    this.sink.sendFrame(
      dataFrame(this.rawIdentifier, eventMessage({ event: 'resync_required', data, event_id: eventId })),
    );
  }

  private emit(eventId: string, message: string | SharedFrames): boolean {
    if (this.ended) return false;
    if (this.isRepeat(eventId)) return true;
    const frame =
      typeof message === 'string' ? dataFrame(this.rawIdentifier, message) : message.for(this.rawIdentifier);
    const sent = this.sink.sendFrame(frame);
    if (sent) this.lastStored = eventId;
    return sent;
  }

  /** Named as it goes out, after the last stored event this subscription got: a resume from it misses nothing. */
  private emitHostFrame(frame: HostFrame): void {
    if (this.ended) return;
    const eventId = `${this.lastStored ?? '0'}.${++this.hostFrames}`;
    this.sink.sendFrame(dataFrame(this.rawIdentifier, eventMessage({ ...frame, event_id: eventId })));
  }

  private openWindow(): void {
    this.recentIds ??= new Set();
    this.recentUntil = Date.now() + this.settings.dedupeWindowMs;
  }

  private isRepeat(eventId: string): boolean {
    if (!this.recentIds) return false;
    if (this.recentIds.has(eventId)) return true;
    this.recentIds.add(eventId);
    if (this.recentIds.size > DEDUPE_CAPACITY) this.recentIds.delete(this.recentIds.values().next().value!);
    return false;
  }
}
