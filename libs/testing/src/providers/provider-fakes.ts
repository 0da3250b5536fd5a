import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createTestCertificates } from '../webhooks/test-certificates';
import { FakeMetaGraph } from './fake-meta-graph';
import type { FakeProviderServer } from './fake-provider-server';
import { FakeTelegram } from './fake-telegram';
import { FakeTwilio } from './fake-twilio';

/**
 * The run's provider fakes, one HTTPS server per provider family, and the settings that point
 * the services at them. Their test CA joins `extraCaCerts` (one bundle for NODE_EXTRA_CA_CERTS).
 */
export class ProviderFakes {
  private constructor(
    readonly meta: FakeMetaGraph,
    readonly telegram: FakeTelegram,
    readonly twilio: FakeTwilio,
    readonly caBundlePath: string,
  ) {}

  static async start(dir: string, otherCaPaths: string[]): Promise<ProviderFakes> {
    const certificates = createTestCertificates(dir);
    const [meta, telegram, twilio] = await Promise.all([
      new FakeMetaGraph().start(certificates),
      new FakeTelegram().start(certificates),
      new FakeTwilio().start(certificates),
    ]);
    const caBundlePath = join(dir, 'ca-bundle.crt');
    writeFileSync(
      caBundlePath,
      [certificates.caCertPath, ...otherCaPaths].map((path) => readFileSync(path, 'utf8')).join('\n'),
    );
    return new ProviderFakes(meta, telegram, twilio, caBundlePath);
  }

  private get all(): FakeProviderServer[] {
    return [this.meta, this.telegram, this.twilio];
  }

  /** The services' settings that point them at the fakes. */
  get env(): Record<string, string> {
    return {
      META_GRAPH_API_BASE_URL: this.meta.url,
      META_GRAPH_API_VERSION: 'v21.0',
      TELEGRAM_API_BASE_URL: this.telegram.url,
      TWILIO_API_BASE_URL: this.twilio.url,
    };
  }

  handleControl(request: IncomingMessage, response: ServerResponse): boolean {
    return this.all.some((fake) => fake.handleControl(request, response));
  }

  async stop(): Promise<void> {
    await Promise.all(this.all.map((fake) => fake.stop()));
  }
}
