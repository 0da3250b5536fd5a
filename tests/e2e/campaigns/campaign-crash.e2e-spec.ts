import {
  createTestAccount,
  eventually,
  startReplica,
  startService,
  stopReplicas,
  stopService,
  type TestAccount,
} from '@parley/testing';
import { campaignInStatus, campaignMessagesPerContact, labelledContacts } from './campaign-fixtures';

describe('campaigns: durable runs across restarts, kills and replicas', () => {
  let account: TestAccount;
  let inbox: number;
  const api = () => account.admin.api;

  const expectEachOnce = async (campaignId: number, contactIds: number[]) => {
    const perContact = await campaignMessagesPerContact(campaignId);
    expect([...perContact.keys()].sort()).toEqual([...contactIds].sort());
    expect([...perContact.entries()].filter(([, count]) => count !== 1)).toEqual([]);
  };

  beforeAll(async () => {
    account = await createTestAccount();
    inbox = (await api().post('/inboxes', { name: 'Api', channel: { type: 'api' } })).body.id;
  });

  afterAll(async () => {
    // Whatever happened, leave one service running with the defaults for the suites after this one.
    await stopReplicas('campaigns').catch(() => undefined);
    await stopService('campaigns').catch(() => undefined);
    await startService('campaigns');
  });

  it('fires a scheduled campaign at its time after the service was killed and restarted while it waited', async () => {
    const { labelId, contactIds } = await labelledContacts(account, inbox, 3);
    const at = new Date(Date.now() + 4000);
    const created = await api().post('/campaigns', {
      title: 'Later',
      message: 'Hi {{contact.name}}',
      inbox_id: inbox,
      audience: [{ type: 'Label', id: labelId }],
      scheduled_at: at.toISOString(),
    });
    expect(created.body.status).toBe('scheduled');
    await stopService('campaigns', 'SIGKILL');
    await startService('campaigns');
    expect((await api().get(`/campaigns/${created.body.id}`)).body.status).toBe('scheduled');
    const done = await campaignInStatus(account, created.body.id, 'completed');
    expect(done).toMatchObject({ audience_count: 3, sent_count: 3, failed_count: 0 });
    const log = (await api().get(`/campaigns/${created.body.id}/sends`)).body.payload as Array<{ sent_at: string }>;
    expect(log.every((send) => Date.parse(send.sent_at) >= at.getTime())).toBe(true);
    await expectEachOnce(created.body.id, contactIds);
  });

  it('sends every contact exactly once when the service is killed (-9) mid-run and comes back', async () => {
    // A short lease, so the restarted service takes the campaign over soon after the kill.
    await stopService('campaigns');
    await startService('campaigns', { CAMPAIGN_LEASE_MS: '2000' });
    const { labelId, contactIds } = await labelledContacts(account, inbox, 80);
    const id = (
      await api().post('/campaigns', {
        title: 'Crash',
        message: 'Hello {{contact.name}}',
        inbox_id: inbox,
        audience: [{ type: 'Label', id: labelId }],
      })
    ).body.id;
    await eventually(async () => expect((await api().get(`/campaigns/${id}`)).body.sent_count).toBeGreaterThan(5), {
      intervalMs: 20,
    });
    await stopService('campaigns', 'SIGKILL');
    const atKill = (await campaignMessagesPerContact(id)).size;
    expect(atKill).toBeLessThan(80);
    await startService('campaigns', { CAMPAIGN_LEASE_MS: '2000' });
    const done = await campaignInStatus(account, id, 'completed', 50_000);
    expect(done).toMatchObject({ audience_count: 80, sent_count: 80, failed_count: 0 });
    await expectEachOnce(id, contactIds);
  });

  it('runs a campaign on exactly one of two replicas', async () => {
    await startReplica('campaigns');
    const { labelId, contactIds } = await labelledContacts(account, inbox, 30);
    const ids = await Promise.all(
      [1, 2].map(
        async (n) =>
          (
            await api().post('/campaigns', {
              title: `Replica ${n}`,
              message: 'Hi',
              inbox_id: inbox,
              audience: [{ type: 'Label', id: labelId }],
            })
          ).body.id as number,
      ),
    );
    for (const id of ids) {
      expect(await campaignInStatus(account, id, 'completed')).toMatchObject({
        audience_count: 30,
        sent_count: 30,
        failed_count: 0,
      });
      await expectEachOnce(id, contactIds);
    }
  });
});
