import { WebSocket } from 'ws';

/** What one RoomChannel subscription of a suite's client saw. */
export interface CableSubscription {
  received: any[];
  connects: number;
  rejected: boolean;
  /** Sends `{action, ...data}` (e.g. `resume` with `since`). */
  perform(action: string, data?: Record<string, unknown>): void;
}

/**
 * A `/cable` client for the e2e suites: the reference's own `@rails/actioncable`, in Node with
 * `ws` as its WebSocket (the protocol core's specs drive it the same way in libs/realtime).
 */
export class CableClient {
  private readonly consumer: any;

  constructor(url: string) {
    const scope = globalThis as any;
    // The browser client reads its adapters from `self` and listens for page visibility.
    scope.self ??= globalThis;
    scope.addEventListener ??= () => undefined;
    scope.removeEventListener ??= () => undefined;
    const ActionCable = require('@rails/actioncable');
    ActionCable.adapters.WebSocket = WebSocket;
    this.consumer = ActionCable.createConsumer(url);
  }

  /** Subscribes to RoomChannel with `params` and records every frame, confirm and reject. */
  room(params: Record<string, unknown>): CableSubscription {
    const seen: CableSubscription = {
      received: [],
      connects: 0,
      rejected: false,
      perform: (action, data = {}) => subscription.perform(action, data),
    };
    const subscription = this.consumer.subscriptions.create(
      { channel: 'RoomChannel', ...params },
      {
        received: (frame: unknown) => seen.received.push(frame),
        connected: () => (seen.connects += 1),
        rejected: () => (seen.rejected = true),
      },
    );
    return seen;
  }

  close(): void {
    this.consumer.disconnect();
  }
}
