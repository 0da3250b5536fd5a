import { WebSocket } from 'ws';

/**
 * The reference's own browser client (`@rails/actioncable`), run in Node with `ws` as its
 * WebSocket, as its adapters allow. Node has no window events: the monitor's visibility
 * listener gets a no-op target.
 */
export function loadActionCable(): any {
  const scope = globalThis as any;
  scope.addEventListener ??= () => undefined;
  scope.removeEventListener ??= () => undefined;
  const ActionCable = require('@rails/actioncable');
  ActionCable.adapters.WebSocket = WebSocket;
  return ActionCable;
}

export interface WatchedSubscription {
  subscription: any;
  received: any[];
  connects: number;
  rejected: boolean;
}

/** Subscribes through the client and records what its callbacks see. */
export function watch(consumer: any, params: Record<string, unknown>, onConnected?: (watched: WatchedSubscription) => void): WatchedSubscription {
  const watched: WatchedSubscription = { subscription: undefined, received: [], connects: 0, rejected: false };
  watched.subscription = consumer.subscriptions.create(params, {
    received: (message: any) => watched.received.push(message),
    connected: () => {
      watched.connects += 1;
      onConnected?.(watched);
    },
    rejected: () => {
      watched.rejected = true;
    },
  });
  return watched;
}
