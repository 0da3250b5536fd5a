/**
 * What the cable core asks of its host (the gateway): who may subscribe, what the actions do,
 * and what a resuming client missed. The core holds no business rule and no database.
 */

/** One event as every data frame carries it: `{event, data, event_id}`. */
export interface RealtimeEvent {
  event: string;
  data: Record<string, unknown>;
  /** Unique per event; what a client names in `resume`. */
  event_id: string;
}

/** A frame the host sends one subscription; the core names its `event_id`. */
export type HostFrame = Omit<RealtimeEvent, 'event_id'>;

/** A RoomChannel identifier, parsed (the raw string is kept apart and echoed as received). */
export interface RoomIdentifier {
  channel: 'RoomChannel';
  pubsub_token: string;
  user_id?: number;
  account_id?: number;
}

/** The authoriser's answer: an agent streams its token and its account; a contact its token. */
export type SubscriptionGrant =
  | { role: 'agent'; accountId: number; userId: number }
  | { role: 'contact'; accountId?: number; contactId?: number }
  | { role: 'rejected' };

export interface SubscriptionAuthorizer {
  /** Throwing means "cannot tell now": the socket is told to reconnect later (never rejected). */
  authorize(identifier: RoomIdentifier): Promise<SubscriptionGrant>;
}

/** A confirmed subscription as the action handler sees it. */
export interface SubscriptionContext {
  readonly identifier: RoomIdentifier;
  readonly grant: Exclude<SubscriptionGrant, { role: 'rejected' }>;
  readonly streams: readonly string[];
  /** The client's address (as `clientIp` resolved it). */
  readonly ip: string;
  /**
   * Sends one data frame to this subscription only (e.g. `presence.update`). It is not stored:
   * its `event_id` names the last stored event this subscription got (`<event_id>.<n>`, `0.<n>`
   * before any), so a resume from it misses nothing the subscription had not received.
   */
  send(frame: HostFrame): void;
}

export interface ActionHandler {
  /** After `confirm_subscription` went out. */
  subscribed?(context: SubscriptionContext): void | Promise<void>;
  /** `{"action": …}` of a `message` command (`resume` is the core's own). */
  perform?(context: SubscriptionContext, action: string, data: Record<string, unknown>): void | Promise<void>;
  /** On unsubscribe and when the socket closes. */
  unsubscribed?(context: SubscriptionContext): void | Promise<void>;
}

export type HistoryAnswer =
  /** The events after `since` on any of the streams, oldest first. */
  | { status: 'events'; events: Iterable<RealtimeEvent> | AsyncIterable<RealtimeEvent> }
  /** `since` is unknown or older than what is kept: the client must refetch. */
  | { status: 'too_old'; latestEventId?: string };

export interface EventHistory {
  eventsSince(request: { streams: readonly string[]; since: string }): Promise<HistoryAnswer>;
}

/** pino-compatible. */
export interface RealtimeLogger {
  warn(details: object, message: string): void;
  debug?(details: object, message: string): void;
}
