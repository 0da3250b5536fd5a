import { ServerNats } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from 'nats';
import { namespaced } from './namespace';
import { NATS_CONNECTION_DEFAULTS } from './nats-connection-defaults';

interface NamespacedServerOptions {
  servers: string[];
  name: string;
  queue: string;
  namespace: string;
  /** How long `close()` waits for requests already being handled. */
  graceMs: number;
}

/**
 * Nest's NATS server with two additions: subjects carry the system's namespace, and
 * `close()` stops taking requests, then waits for the ones in flight before disconnecting.
 */
export class NamespacedNatsServer extends ServerNats {
  private readonly ownSubscriptions: Subscription[] = [];
  private inFlight = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly settings: NamespacedServerOptions) {
    super({ servers: settings.servers, name: settings.name, queue: settings.queue, ...NATS_CONNECTION_DEFAULTS });
  }

  override bindEvents(client: NatsConnection): void {
    for (const [pattern, handlerRef] of this.messageHandlers) {
      const queue = (handlerRef.extras?.queue as string | undefined) ?? this.settings.queue;
      const subscription = client.subscribe(namespaced(this.settings.namespace, pattern), {
        queue,
        callback: this.getMessageHandler(pattern).bind(this),
      });
      this.ownSubscriptions.push(subscription);
    }
  }

  override async handleMessage(channel: string, natsMsg: unknown): Promise<unknown> {
    this.inFlight++;
    try {
      return await super.handleMessage(channel, natsMsg);
    } catch (error) {
      this.settle();
      throw error;
    }
  }

  override getPublisher(natsMsg: unknown, id: string, ctx: never): (response: { isDisposed?: boolean }) => unknown {
    const publish = super.getPublisher(natsMsg, id, ctx);
    return (response) => {
      try {
        return publish(response);
      } finally {
        if (response.isDisposed) this.settle();
      }
    };
  }

  override async close(): Promise<void> {
    // Drain, not unsubscribe: requests NATS routed here before it saw the UNSUB are still
    // handled (an unsubscribe drops them, and their callers wait out their timeout: 504).
    await Promise.all(
      this.ownSubscriptions.splice(0).map((subscription) => subscription.drain().catch(() => undefined)),
    );
    await this.whenIdle(this.settings.graceMs);
    try {
      await this.unwrap<NatsConnection>().flush();
    } catch {
      // not connected: nothing left to flush
    }
    await super.close();
  }

  private settle(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (this.inFlight === 0) for (const wake of this.idleWaiters.splice(0)) wake();
  }

  private whenIdle(limitMs: number): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, limitMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
