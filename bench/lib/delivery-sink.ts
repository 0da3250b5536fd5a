import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export type SinkRequest =
  { type: 'count' } | { type: 'take' } | { type: 'slow'; hook: number | null; answerMs: number } | { type: 'stop' };
export type SinkReply =
  | { type: 'ready'; port: number; caCertPath: string; pid: number }
  | { type: 'count'; count: number }
  | { type: 'slow' }
  | { type: 'arrivals'; ids: string[]; hooks: number[]; arrivals: number[] };

/** One request the receiver got: which event, for which of the benchmark's webhooks, when (ms since the epoch, fractional). */
export interface Arrival {
  eventId: string;
  hook: number;
  at: number;
}

/**
 * The HTTPS receiver of the webhook benchmark, run as a process of its own
 * (`delivery-sink.process.ts`), so that its event loop is not the publisher's.
 */
export class DeliverySink {
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
    /** Give it to the services as NODE_EXTRA_CA_CERTS. */
    readonly caCertPath: string,
    readonly pid: number,
  ) {}

  static async start(certificateDir: string): Promise<DeliverySink> {
    const child = fork(join(__dirname, 'delivery-sink.process.ts'), [], {
      execArgv: ['--require', '@swc-node/register'],
      env: { ...process.env, SINK_CERT_DIR: certificateDir },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ready = await new Promise<Extract<SinkReply, { type: 'ready' }>>((resolve, reject) => {
      child.once('message', (reply: SinkReply) =>
        reply.type === 'ready' ? resolve(reply) : reject(new Error(`unexpected ${reply.type}`)),
      );
      child.once('exit', (code) => reject(new Error(`the receiver exited during start-up (code ${code})`)));
    });
    return new DeliverySink(child, ready.port, ready.caCertPath, ready.pid);
  }

  /** A URL the dispatcher may be allowed to call: `hook` tells the benchmark's webhooks apart. */
  url(hook: number): string {
    return `https://127.0.0.1:${this.port}/hooks/${hook}`;
  }

  get hostAndPort(): string {
    return `127.0.0.1:${this.port}`;
  }

  async count(): Promise<number> {
    const reply = await this.ask({ type: 'count' });
    return reply.type === 'count' ? reply.count : 0;
  }

  /** Everything received since the last call; the receiver forgets it. */
  async take(): Promise<Arrival[]> {
    const reply = await this.ask({ type: 'take' });
    if (reply.type !== 'arrivals') return [];
    return reply.ids.map((eventId, index) => ({ eventId, hook: reply.hooks[index], at: reply.arrivals[index] }));
  }

  /** From now on the receiver of `hook` answers after `answerMs` (its arrival is still noted at once); null: none is slow. */
  async slow(hook: number | null, answerMs: number): Promise<void> {
    await this.ask({ type: 'slow', hook, answerMs });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'stop' } satisfies SinkRequest);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  }

  private ask(request: SinkRequest): Promise<SinkReply> {
    return new Promise((resolve) => {
      this.child.once('message', resolve);
      this.child.send(request);
    });
  }
}
