import type { CableConnection } from './cable-connection';
import type { CableSubscription } from './cable-subscription';

/** Which subscriptions listen to a stream key, and which sockets hold each pubsub token. */
export class StreamRegistry {
  private readonly byStream = new Map<string, Set<CableSubscription>>();
  /** token → socket → how many of the socket's subscriptions use it. */
  private readonly byToken = new Map<string, Map<CableConnection, number>>();

  /** Would one more socket with this token pass the limit? (A socket already counted passes.) */
  admits(token: string, connection: CableConnection, maxSocketsPerToken: number): boolean {
    const sockets = this.byToken.get(token);
    return !sockets || sockets.has(connection) || sockets.size < maxSocketsPerToken;
  }

  add(connection: CableConnection, subscription: CableSubscription): void {
    for (const stream of subscription.streams) {
      const subscribers = this.byStream.get(stream) ?? new Set();
      subscribers.add(subscription);
      this.byStream.set(stream, subscribers);
    }
    const token = subscription.identifier.pubsub_token;
    const sockets = this.byToken.get(token) ?? new Map<CableConnection, number>();
    sockets.set(connection, (sockets.get(connection) ?? 0) + 1);
    this.byToken.set(token, sockets);
  }

  remove(connection: CableConnection, subscription: CableSubscription): void {
    for (const stream of subscription.streams) {
      const subscribers = this.byStream.get(stream);
      subscribers?.delete(subscription);
      if (subscribers?.size === 0) this.byStream.delete(stream);
    }
    const token = subscription.identifier.pubsub_token;
    const sockets = this.byToken.get(token);
    const count = (sockets?.get(connection) ?? 0) - 1;
    if (count > 0) sockets!.set(connection, count);
    else sockets?.delete(connection);
    if (sockets?.size === 0) this.byToken.delete(token);
  }

  /** Every subscription of any of the streams, each once. */
  subscribersOf(streams: readonly string[]): Set<CableSubscription> {
    const found = new Set<CableSubscription>();
    for (const stream of streams) for (const subscription of this.byStream.get(stream) ?? []) found.add(subscription);
    return found;
  }

  get subscriptionCount(): number {
    let count = 0;
    for (const sockets of this.byToken.values()) for (const n of sockets.values()) count += n;
    return count;
  }
}
