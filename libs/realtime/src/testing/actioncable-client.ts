import { WebSocket } from 'ws';

/** The client's current line, and the one Chatwoot's dashboard and widget pin. */
export const CLIENT_PACKAGES = ['@rails/actioncable', '@rails/actioncable-6.1'] as const;
export type ClientPackage = (typeof CLIENT_PACKAGES)[number];

/**
 * The reference's own browser client, run in Node with `ws` as its WebSocket, as its adapters
 * allow. Node has no window events: the monitor's visibility listener gets a no-op target; 6.x
 * reads its default adapters from `self`.
 */
export function loadActionCable(name: ClientPackage = '@rails/actioncable'): any {
  const scope = globalThis as any;
  scope.self ??= globalThis;
  scope.addEventListener ??= () => undefined;
  scope.removeEventListener ??= () => undefined;
  const ActionCable = require(name);
  ActionCable.adapters.WebSocket = WebSocket;
  return ActionCable;
}

/**
 * Makes the client reopen a silent socket within a second instead of 6-30 s (specs ping every
 * 100 ms); answers the function that restores its timers.
 */
export function reconnectQuickly(ActionCable: any): () => void {
  const monitor = ActionCable.ConnectionMonitor;
  const saved = { staleThreshold: monitor.staleThreshold, pollInterval: monitor.pollInterval };
  monitor.staleThreshold = 0.3;
  // 6.x polls between pollInterval.min and .max seconds; 8.x derives its poll from staleThreshold.
  if (saved.pollInterval) monitor.pollInterval = { min: 0.1, max: 0.5, multiplier: 5 };
  return () => Object.assign(monitor, saved);
}

export interface WatchedSubscription {
  subscription: any;
  received: any[];
  connects: number;
  rejected: boolean;
}

/** Subscribes through the client and records what its callbacks see. */
export function watch(
  consumer: any,
  params: Record<string, unknown>,
  onConnected?: (watched: WatchedSubscription) => void,
): WatchedSubscription {
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
