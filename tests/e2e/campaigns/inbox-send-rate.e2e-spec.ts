import {
  createTestAccount,
  eventually,
  pauseService,
  readE2eState,
  resumeService,
  startReplica,
  startService,
  stopReplicas,
  stopService,
  type TestAccount,
} from '@parley/testing';
import { Client } from 'pg';
import { campaignInStatus, campaignMessagesPerContact, labelledContacts } from './campaign-fixtures';

const RATE = 5;
const WINDOW_MS = 3000;
/** Send commands of one contact, two in flight per campaign. */
const SETTINGS = {
  CAMPAIGN_SEND_RATE_PER_INBOX: String(RATE),
  CAMPAIGN_SEND_CONCURRENCY: '2',
  // Outlasts the pause below: the frozen replica keeps its campaign.
  CAMPAIGN_LEASE_MS: '60000',
};
/** Sends whose commit a slow messaging may push into a later window (two campaigns × two commands). */
const IN_FLIGHT = 4;

/** Creation times (ms) of the outgoing messages of these campaigns, in order. */
async function sendTimes(campaignIds: number[]): Promise<number[]> {
  const client = new Client({ connectionString: readE2eState().databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ at: string }>(
      `SELECT (extract(epoch FROM m.created_at) * 1000)::bigint AS at
         FROM messaging.conversations c JOIN messaging.messages m ON m.conversation_id = c.id
        WHERE c.campaign_id = ANY($1::int[]) AND m.message_type = 'outgoing' ORDER BY m.created_at`,
      [campaignIds],
    );
    return rows.map((row) => Number(row.at));
  } finally {
    await client.end();
  }
}

/** The most sends inside any window of `windowMs`. */
function busiestWindow(times: number[], windowMs: number): number {
  let most = 0;
  for (let start = 0, end = 0; end < times.length; end++) {
    while (times[end] - times[start] >= windowMs) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

/**
 * The per-inbox send rate is paced in the sending replica's memory; it holds with two replicas
 * because an inbox's campaigns run on one replica at a time.
 */
describe('campaigns: the per-inbox send rate with two replicas', () => {
  let account: TestAccount;

  beforeAll(async () => {
    account = await createTestAccount();
    await stopService('campaigns');
    await startService('campaigns', SETTINGS);
  });

  afterAll(async () => {
    await resumeService('campaigns').catch(() => undefined);
    await stopReplicas('campaigns').catch(() => undefined);
    await stopService('campaigns').catch(() => undefined);
    await startService('campaigns');
  });

  it('sends two campaigns of one inbox at the inbox rate in total, each contact once', async () => {
    const api = account.admin.api;
    const inbox = (await api.post('/inboxes', { name: 'Paced', channel: { type: 'api' } })).body.id as number;
    const audiences = [await labelledContacts(account, inbox, 20), await labelledContacts(account, inbox, 20)];
    const create = async (labelId: number, scheduledAt?: Date) =>
      (
        await api.post('/campaigns', {
          title: `Paced ${labelId}`,
          message: 'Hello {{contact.name}}',
          inbox_id: inbox,
          audience: [{ type: 'Label', id: labelId }],
          ...(scheduledAt ? { scheduled_at: scheduledAt.toISOString() } : {}),
        })
      ).body.id as number;
    const sentCount = async (id: number) => (await api.get(`/campaigns/${id}`)).body.sent_count as number;
    const first = await create(audiences[0].labelId);
    await eventually(async () => expect(await sentCount(first)).toBeGreaterThan(0), { intervalMs: 50 });
    // The second falls due once the replica sending the first is frozen (its lease holds) and a
    // second replica is up: that one must leave it alone while the inbox is held.
    const due = new Date(Date.now() + 2000);
    const second = await create(audiences[1].labelId, due);
    await pauseService('campaigns');
    await startReplica('campaigns', SETTINGS);
    await expect(
      eventually(async () => expect((await campaignMessagesPerContact(second)).size).toBeGreaterThan(0), {
        timeoutMs: Math.max(0, due.getTime() - Date.now()) + 3000,
        intervalMs: 100,
      }),
    ).rejects.toThrow();
    await resumeService('campaigns');
    for (const id of [first, second])
      expect(await campaignInStatus(account, id, 'completed', 45_000)).toMatchObject({
        sent_count: 20,
        failed_count: 0,
      });
    for (const [index, id] of [first, second].entries()) {
      const perContact = await campaignMessagesPerContact(id);
      expect([...perContact.keys()].sort()).toEqual([...audiences[index].contactIds].sort());
      expect([...perContact.values()].every((count) => count === 1)).toBe(true);
    }
    const times = await sendTimes([first, second]);
    expect(times).toHaveLength(40);
    expect(busiestWindow(times, WINDOW_MS)).toBeLessThanOrEqual((RATE * WINDOW_MS) / 1000 + 1 + IN_FLIGHT);
  });
});
