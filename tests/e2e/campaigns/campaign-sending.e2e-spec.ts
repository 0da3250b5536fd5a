import { createTestAccount, eventually, type TestAccount } from '@parley/testing';
import {
  campaignInStatus,
  campaignMessageContents,
  campaignMessagesPerContact,
  campaignUnclaimed,
  labelledContacts,
} from './campaign-fixtures';

describe('campaigns: sending one-off campaigns', () => {
  let account: TestAccount;
  let inbox: number;
  const api = () => account.admin.api;
  const show = async (id: number) => (await api().get(`/campaigns/${id}`)).body;

  beforeAll(async () => {
    account = await createTestAccount();
    inbox = (await api().post('/inboxes', { name: 'Api', channel: { type: 'api' } })).body.id;
  });

  it('sends every contact of the labels once, with variables and spintax rendered, counts them and logs each send', async () => {
    const { labelId, title, contactIds } = await labelledContacts(account, inbox, 4);
    const other = await labelledContacts(account, inbox, 1);
    const created = await api().post('/campaigns', {
      title: 'Welcome',
      message:
        '{Hello|Hi} {{contact.name}} <{{contact.email}}> on {{contact.custom_attributes.plan}}{{contact.custom_attributes.missing}}!',
      inbox_id: inbox,
      audience: [
        { type: 'Label', id: labelId },
        { type: 'Label', id: other.labelId },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('running');
    const id = created.body.id;
    const done = await campaignInStatus(account, id, 'completed');
    expect(done).toMatchObject({ audience_count: 5, sent_count: 5, failed_count: 0, eta: null });

    const contents = await campaignMessageContents(id);
    expect([...contents.keys()].sort()).toEqual([...contactIds, ...other.contactIds].sort());
    contactIds.forEach((contactId, i) => {
      expect(contents.get(contactId)).toHaveLength(1);
      expect(contents.get(contactId)![0]).toMatch(
        new RegExp(`^(Hello|Hi) C${i} ${title} <c${i}-${title}@example.com> on plan${i}!$`),
      );
    });

    const log = (await api().get(`/campaigns/${id}/sends`)).body;
    expect(log.meta).toEqual({ count: 5, current_page: 1 });
    expect(log.payload[0]).toEqual({
      contact_id: expect.any(Number),
      status: 'sent',
      error: null,
      message_id: expect.any(Number),
      conversation_id: expect.any(Number),
      sent_at: expect.any(String),
    });
    expect((await api().get(`/campaigns/${id}/sends?status=sent`)).body.meta.count).toBe(5);
    expect((await api().get(`/campaigns/${id}/sends?status=failed`)).body).toEqual({
      meta: { count: 0, current_page: 1 },
      payload: [],
    });
    expect((await api().get(`/campaigns/${id}/sends?page=2`)).body.payload).toEqual([]);

    // History: read-only once executed.
    expect((await api().patch(`/campaigns/${id}`, { title: 'x' })).status).toBe(422);
    expect((await api().post(`/campaigns/${id}/pause`)).status).toBe(422);
    expect((await api().delete(`/campaigns/${id}`)).status).toBe(422);
  });

  it('records sends the channel refuses (24-hour window) as failed and still completes', async () => {
    const mobile = (
      await api().post('/inboxes', { name: 'Mobile', channel: { type: 'mobile_chat', phone_number: '+15550002222' } })
    ).body.id;
    const { labelId } = await labelledContacts(account, mobile, 2);
    const id = (
      await api().post('/campaigns', {
        title: 'Window',
        message: 'Hello',
        inbox_id: mobile,
        audience: [{ type: 'Label', id: labelId }],
      })
    ).body.id;
    const done = await campaignInStatus(account, id, 'completed');
    expect(done).toMatchObject({ audience_count: 2, sent_count: 0, failed_count: 2 });
    const failed = (await api().get(`/campaigns/${id}/sends?status=failed`)).body;
    expect(failed.meta.count).toBe(2);
    expect(failed.payload[0]).toMatchObject({
      status: 'failed',
      message_id: null,
      error: expect.stringMatching(/24-hour messaging window/),
    });
  });

  it('fails a campaign whose audience is empty when it runs', async () => {
    const { labelId, contactIds } = await labelledContacts(account, inbox, 1);
    const id = (
      await api().post('/campaigns', {
        title: 'Later',
        message: 'Hi',
        inbox_id: inbox,
        audience: [{ type: 'Label', id: labelId }],
        scheduled_at: new Date(Date.now() + 3000).toISOString(),
      })
    ).body.id;
    expect((await show(id)).status).toBe('scheduled');
    await api().post(`/contacts/${contactIds[0]}/labels`, { labels: [] });
    await campaignInStatus(account, id, 'failed');
    expect(await campaignMessagesPerContact(id)).toEqual(new Map());
  });

  it('pauses and resumes without sending any contact twice, with an ETA while running', async () => {
    const { labelId, contactIds } = await labelledContacts(account, inbox, 60);
    const id = (
      await api().post('/campaigns', {
        title: 'Big',
        message: 'Hey {{contact.name}}',
        inbox_id: inbox,
        audience: [{ type: 'Label', id: labelId }],
      })
    ).body.id;
    const running = await eventually(async () => {
      const campaign = await show(id);
      expect(campaign.sent_count).toBeGreaterThan(0);
      return campaign;
    });
    expect(running.status).toBe('running');
    expect(Date.parse(running.eta)).toBeGreaterThan(Date.now() - 1000);
    expect((await api().post(`/campaigns/${id}/pause`)).status).toBe(204);
    // The sends already under way are recorded, then the runner lets the campaign go: from then on nothing moves.
    const settled = await eventually(async () => {
      expect(await campaignUnclaimed(id)).toBe(true);
      const campaign = await show(id);
      expect(campaign).toMatchObject({ status: 'paused', eta: null });
      expect((await campaignMessagesPerContact(id)).size).toBe(campaign.sent_count);
      return campaign.sent_count as number;
    });
    expect(settled).toBeLessThan(60);
    for (let i = 0; i < 3; i++) {
      expect((await show(id)).sent_count).toBe(settled);
      expect((await campaignMessagesPerContact(id)).size).toBe(settled);
    }

    expect((await api().post(`/campaigns/${id}/resume`)).status).toBe(204);
    await campaignInStatus(account, id, 'completed');
    expect(await show(id)).toMatchObject({ audience_count: 60, sent_count: 60, failed_count: 0 });
    const perContact = await campaignMessagesPerContact(id);
    expect([...perContact.keys()].sort()).toEqual([...contactIds].sort());
    expect([...perContact.values()].every((count) => count === 1)).toBe(true);
  });
});
