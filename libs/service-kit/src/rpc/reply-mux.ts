import {
  createInbox,
  ErrorCode,
  NatsError,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type Subscription,
} from 'nats';

interface Waiting {
  resolve: (message: Msg) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export interface MuxRequestOptions {
  headers?: MsgHdrs;
  timeoutMs: number;
}

/**
 * Requests whose replies all arrive on one subscription of the connection, matched by the reply
 * subject's last token. nats.js's own `request` does the same, but completing a request makes
 * an `Error` (a stack capture) even when it succeeds: a JetStream publish costs a median 44.5 µs
 * of client CPU that way here, 24.3 µs this way (`npm run bench:publish`, docs/performance.md).
 * Failures carry nats.js's codes: `TIMEOUT`, `503` (no responders), `CONNECTION_CLOSED`.
 */
export class ReplyMux {
  private readonly prefix = createInbox();
  private readonly waiting = new Map<string, Waiting>();
  private readonly subscription: Subscription;
  private sequence = 0;

  constructor(private readonly connection: NatsConnection) {
    this.subscription = connection.subscribe(`${this.prefix}.*`, {
      callback: (error, message) => (error ? this.failAll(error) : this.settle(message)),
    });
  }

  request(subject: string, data: Uint8Array, options: MuxRequestOptions): Promise<Msg> {
    const key = String(++this.sequence);
    return new Promise<Msg>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(key);
        reject(new NatsError(`timeout after ${options.timeoutMs} ms`, ErrorCode.Timeout));
      }, options.timeoutMs);
      this.waiting.set(key, { resolve, reject, timer });
      try {
        this.connection.publish(subject, data, { reply: `${this.prefix}.${key}`, headers: options.headers });
      } catch (error) {
        // A closed or draining connection refuses at once.
        this.take(key)?.reject(error as Error);
      }
    });
  }

  /** Stops listening; requests still waiting fail. */
  close(): void {
    if (!this.subscription.isClosed()) this.subscription.unsubscribe();
    this.failAll(new NatsError('connection closed', ErrorCode.ConnectionClosed));
  }

  private settle(message: Msg): void {
    const waiting = this.take(message.subject.slice(this.prefix.length + 1));
    if (!waiting) return; // answered after its time-out
    // Nobody subscribes to the subject: the server answers with status 503 and no data.
    if (message.headers?.code === 503)
      return waiting.reject(new NatsError('no responders (503)', ErrorCode.NoResponders));
    waiting.resolve(message);
  }

  private take(key: string): Waiting | undefined {
    const waiting = this.waiting.get(key);
    if (!waiting) return undefined;
    this.waiting.delete(key);
    clearTimeout(waiting.timer);
    return waiting;
  }

  private failAll(error: Error): void {
    for (const key of [...this.waiting.keys()]) this.take(key)?.reject(error);
  }
}
