import { freePort, ServiceProcess } from '@parley/testing';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { wallClock } from './event-publisher';
import type { WebhooksFixture } from './minimal-webhooks.process';
import { burstOf, steadyOf } from './open-loop';
import type { Workspace } from './workspace';

/** The script's path: its process's CPU is reported as the `minimal` group. */
export const MINIMAL_WEBHOOKS_SCRIPT = join('bench', 'lib', 'minimal-webhooks.process.ts');

/**
 * The webhook benchmark's minimal baseline (`minimal-webhooks.process.ts`), run beside the
 * product on the same database, receiver and machine, and posted to as the product is: the
 * 201's time of each message, by the id its webhook bodies start with.
 */
export class MinimalWebhooks {
  readonly publishedAt = new Map<string, number>();
  private next = 0;

  private constructor(
    private readonly server: ServiceProcess,
    private readonly url: string,
    private readonly conversations: number,
  ) {}

  static async start(
    rootDir: string,
    run: { databaseUrl: string; logDir: string },
    workspace: Workspace,
    hookUrls: string[],
    caCertPath: string,
  ): Promise<MinimalWebhooks> {
    const port = await freePort();
    const fixture: WebhooksFixture = {
      accountId: workspace.accountId,
      userId: workspace.adminId,
      displayIds: workspace.conversations.map((conversation) => conversation.displayId),
      hooks: hookUrls.map((url) => ({ url, secret: randomBytes(16).toString('hex') })),
    };
    const url = `http://127.0.0.1:${port}`;
    const server = new ServiceProcess({
      name: 'minimal webhooks baseline',
      script: join(rootDir, MINIMAL_WEBHOOKS_SCRIPT),
      cwd: rootDir,
      env: {
        NODE_OPTIONS: '--require @swc-node/register',
        NODE_EXTRA_CA_CERTS: caCertPath,
        DATABASE_URL: run.databaseUrl,
        PORT: String(port),
        BASELINE_FIXTURE: JSON.stringify(fixture),
      },
      readyUrl: `${url}/health`,
      logFile: join(run.logDir, 'minimal-webhooks.log'),
    });
    await server.start();
    return new MinimalWebhooks(server, url, fixture.displayIds.length);
  }

  /** `count` messages, `window` requests at a time; answers their event ids. */
  async burst(count: number, window = 32): Promise<string[]> {
    return burstOf(count, window, () => this.post());
  }

  /** One message every 1/rate s for `seconds`, open loop. */
  async steady(ratePerSecond: number, seconds: number): Promise<string[]> {
    return steadyOf(ratePerSecond, seconds, () => this.post());
  }

  /** Until every delivery's outcome is written: the next phase starts on a quiet baseline. */
  async settled(): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const { pending } = (await (await fetch(`${this.url}/pending`)).json()) as { pending: number };
      if (pending === 0) return;
      await sleep(100);
    }
    throw new Error('the minimal baseline still had deliveries pending after 60 s');
  }

  async stop(): Promise<void> {
    await this.server.stop();
  }

  private async post(): Promise<string> {
    const response = await fetch(`${this.url}/messages/${this.next++ % this.conversations}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Your order has shipped.' }),
    });
    const at = wallClock();
    const body = (await response.json()) as { event_id: string; error?: string };
    if (response.status !== 201) throw new Error(`The minimal baseline answered ${response.status}: ${body.error}`);
    this.publishedAt.set(body.event_id, at);
    return body.event_id;
  }
}
