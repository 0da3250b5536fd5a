import {
  createTestAccount,
  eventually,
  readE2eState,
  restartService,
  seedContact,
  startReplica,
  stopReplicas,
  type TestAccount,
} from '@parley/testing';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';

const WRITERS = 4;
/** Attempts per message: a client that honours Retry-After gets through a swap in far fewer. */
const MAX_ATTEMPTS = 10;

interface Ledger {
  accepted: string[];
  /** Answers other than 2xx and "503 with Retry-After": each one a request the deploy broke. */
  failures: string[];
  retried: number;
}

/**
 * A rolling deploy of messaging under load: two replicas, each replaced in turn by SIGTERM (its
 * graceful drain) and a fresh start, while clients write messages through the gateway. A
 * client may only ever see a 503 with Retry-After, which it retries; every accepted write is
 * stored exactly once.
 */
describe('rolling deploy of a service under load', () => {
  let account: TestAccount;
  let conversationId: number;

  beforeAll(async () => {
    account = await createTestAccount();
    const inbox = await account.admin.api.post('/inboxes', { name: 'rolling', channel: { type: 'api' } });
    const contact = await seedContact(account.id);
    const conversation = await eventually(async () => {
      const created = await account.admin.api.post('/conversations', {
        source_id: 'rolling',
        inbox_id: inbox.body.id,
        contact_id: contact.id,
      });
      expect(created.status).toBe(201);
      return created.body as { id: number };
    });
    conversationId = conversation.id;
    await startReplica('messaging');
  });

  afterAll(async () => {
    await stopReplicas('messaging');
  });

  /** One client: writes until told to stop, retrying a 503 after the Retry-After it was given. */
  async function writer(ledger: Ledger, running: () => boolean): Promise<void> {
    while (running()) {
      const key = randomUUID();
      for (let attempt = 1; ; attempt++) {
        let answer: { status: number; retryAfter: string | null; text: string };
        try {
          const response = await account.admin.api.post(`/conversations/${conversationId}/messages`, {
            content: `rolling ${key}`,
            message_type: 'outgoing',
            echo_id: key,
          });
          answer = { status: response.status, retryAfter: response.headers.get('retry-after'), text: response.text };
        } catch (error) {
          ledger.failures.push(`no answer: ${(error as Error).message}`);
          break;
        }
        if (answer.status >= 200 && answer.status < 300) {
          ledger.accepted.push(key);
          break;
        }
        const retryAfter = Number(answer.retryAfter);
        if (answer.status !== 503 || !(retryAfter >= 1) || attempt >= MAX_ATTEMPTS) {
          ledger.failures.push(
            `${answer.status} (retry-after ${answer.retryAfter}) on attempt ${attempt}: ${answer.text}`,
          );
          break;
        }
        ledger.retried++;
        await sleep(retryAfter * 1000);
      }
    }
  }

  /** Load keeps flowing: `count` more writes accepted. */
  const progress = (ledger: Ledger, count: number) => {
    const from = ledger.accepted.length;
    return eventually(() => expect(ledger.accepted.length).toBeGreaterThanOrEqual(from + count), {
      timeoutMs: 20_000,
    });
  };

  it('replaces every replica one by one: only retried 503s, nothing accepted lost or doubled', async () => {
    const ledger: Ledger = { accepted: [], failures: [], retried: 0 };
    let running = true;
    const writers = Array.from({ length: WRITERS }, () => writer(ledger, () => running));
    try {
      await progress(ledger, 20);
      // The first replica: SIGTERM, drained, started again while the other serves.
      await restartService('messaging');
      await progress(ledger, 20);
      // The second: stopped the same way, then a new one in its place.
      await stopReplicas('messaging');
      await progress(ledger, 20);
      await startReplica('messaging');
      await progress(ledger, 20);
    } finally {
      running = false;
      await Promise.all(writers);
    }

    expect(ledger.failures).toEqual([]);
    const client = new Client({ connectionString: readE2eState().databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ echo_id: string; n: number }>(
        'SELECT echo_id, count(*)::int AS n FROM messaging.messages WHERE account_id = $1 AND echo_id = ANY($2::text[]) GROUP BY echo_id',
        [account.id, ledger.accepted],
      );
      const stored = new Map(rows.map((row) => [row.echo_id, row.n]));
      expect(ledger.accepted.filter((key) => stored.get(key) !== 1)).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
