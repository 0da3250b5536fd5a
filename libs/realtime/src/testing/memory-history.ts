import type { EventHistory, HistoryAnswer, RealtimeEvent } from '../realtime.ports';

/**
 * The history port over an in-memory log, as the gateway's will be over a JetStream stream:
 * shared by every "replica" of a spec. `hold()` makes the next answers wait for `release()`,
 * so a spec can publish live events while a replay is in flight.
 */
export class MemoryHistory implements EventHistory {
  readonly log: Array<{ streams: string[]; event: RealtimeEvent }> = [];
  calls = 0;
  failNext = false;
  private gate: Promise<void> | null = null;
  private open: (() => void) | null = null;

  append(streams: string[], event: RealtimeEvent): void {
    this.log.push({ streams, event });
  }

  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.open?.();
    this.gate = null;
  }

  async eventsSince(request: { streams: readonly string[]; since: string }): Promise<HistoryAnswer> {
    this.calls += 1;
    await this.gate;
    if (this.failNext) {
      this.failNext = false;
      throw new Error('history unavailable');
    }
    const position = this.log.findIndex((entry) => entry.event.event_id === request.since);
    if (position < 0) return { status: 'too_old', latestEventId: this.log.at(-1)?.event.event_id };
    const events = this.log
      .slice(position + 1)
      .filter((entry) => entry.streams.some((stream) => request.streams.includes(stream)))
      .map((entry) => entry.event);
    return { status: 'events', events };
  }
}
