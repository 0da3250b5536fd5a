import { createTestAccount, createWebhookEndpoint, eventually, readE2eState, type TestAccount } from '@parley/testing';
import { Client } from 'pg';
import { unique } from './campaign-fixtures';

const PAGE = 'https://shop.example.com/pricing';
const allWeek = (hours: {
  closed_all_day: boolean;
  open_hour: number | null;
  close_hour: number | null;
  close_minutes: number | null;
}) =>
  [0, 1, 2, 3, 4, 5, 6].map((day) => ({
    day_of_week: day,
    open_minutes: hours.open_hour === null ? null : 0,
    ...hours,
  }));

/** Waits until the campaigns service's copy of the inbox shows its working hours switched on. */
async function campaignsSeeWorkingHours(inboxId: number): Promise<void> {
  const client = new Client({ connectionString: readE2eState().databaseUrl });
  await client.connect();
  try {
    await eventually(async () => {
      const { rows } = await client.query(
        `SELECT snapshot->>'working_hours_enabled' AS enabled FROM campaigns.inboxes_view WHERE id = $1`,
        [inboxId],
      );
      expect(rows[0]?.enabled).toBe('true');
    });
  } finally {
    await client.end();
  }
}

describe('campaigns: ongoing campaigns and the widget trigger', () => {
  let account: TestAccount;
  const api = () => account.admin.api;

  /** A web widget inbox open (or closed) all week, an ongoing campaign on it, and a contact of the inbox. */
  const setUp = async (open: boolean) => {
    const inbox = (
      await api().post('/inboxes', {
        name: `Site ${unique()}`,
        channel: { type: 'web_widget', website_url: 'https://shop.example.com' },
      })
    ).body.id;
    const hours = open
      ? allWeek({ closed_all_day: false, open_hour: 0, close_hour: 23, close_minutes: 59 })
      : allWeek({ closed_all_day: true, open_hour: null, close_hour: null, close_minutes: null });
    // Open 00:00–23:59 every day: in a zone where it is not 23:59 now.
    const timezone = new Date().getUTCHours() >= 22 ? 'Etc/GMT+6' : 'UTC';
    const updated = await api().patch(`/inboxes/${inbox}`, {
      working_hours_enabled: true,
      working_hours: hours,
      timezone,
    });
    expect(updated.status).toBe(200);
    await campaignsSeeWorkingHours(inbox);
    const agent = await account.addUser('agent');
    const campaign = await api().post('/campaigns', {
      title: 'Pricing help',
      message: '{Hi|Hello} {{contact.name}}, questions about pricing?',
      inbox_id: inbox,
      campaign_type: 'ongoing',
      sender_id: agent.id,
      trigger_only_during_business_hours: true,
      trigger_rules: { url: PAGE, time_on_page: 10 },
    });
    expect(campaign.status).toBe(201);
    const contact = (await api().post('/contacts', { inbox_id: inbox, name: `Visitor ${unique()}` })).body.payload
      .contact.id as number;
    return { inbox, campaign: campaign.body, contact, agent };
  };

  beforeAll(async () => {
    account = await createTestAccount();
  });

  it('starts a conversation from the sender when a visit matches inside business hours, once per contact, and posts webwidget_triggered', async () => {
    const endpoint = await createWebhookEndpoint();
    expect((await api().post('/webhooks', { url: endpoint.url, subscriptions: ['webwidget_triggered'] })).status).toBe(
      201,
    );
    const { inbox, campaign, contact, agent } = await setUp(true);
    const trigger = (body: Record<string, unknown>) =>
      api().post(`/inboxes/${inbox}/campaign_triggers`, { contact_id: contact, ...body });

    expect((await trigger({ url: PAGE, time_on_page: 9 })).body).toEqual({
      campaign_id: null,
      conversation_id: null,
      message_id: null,
    });
    expect((await trigger({ url: `${PAGE}?ref=ad`, time_on_page: 60 })).body).toEqual({
      campaign_id: null,
      conversation_id: null,
      message_id: null,
    });
    const fired = await trigger({ url: PAGE, time_on_page: 12 });
    expect(fired.status).toBe(200);
    expect(fired.body).toEqual({
      campaign_id: campaign.id,
      conversation_id: expect.any(Number),
      message_id: expect.any(Number),
    });

    const messages = (await api().get(`/conversations/${fired.body.conversation_id}/messages`)).body.payload;
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      id: fired.body.message_id,
      message_type: 'outgoing',
      sender: { id: agent.id },
    });
    expect(messages[0].content).toMatch(/^(Hi|Hello) Visitor [0-9a-f]+, questions about pricing\?$/);

    // Once per contact: a repeat answers the same conversation and sends nothing more.
    expect((await trigger({ url: PAGE, time_on_page: 30 })).body).toEqual(fired.body);
    expect((await api().get(`/conversations/${fired.body.conversation_id}/messages`)).body.payload).toHaveLength(1);
    expect((await api().get(`/campaigns/${campaign.id}`)).body).toMatchObject({
      status: 'enabled',
      sent_count: 1,
      audience_count: 1,
    });
    expect((await api().get(`/campaigns/${campaign.id}/sends`)).body.payload).toEqual([
      {
        contact_id: contact,
        status: 'sent',
        error: null,
        message_id: fired.body.message_id,
        conversation_id: expect.any(Number),
        sent_at: expect.any(String),
      },
    ]);

    const [request] = await eventually(async () => {
      const received = await endpoint.requests();
      expect(received).toHaveLength(1);
      return received;
    });
    const payload = JSON.parse(request.body);
    expect(request.headers['x-parley-event']).toBe('webwidget_triggered');
    expect(payload).toMatchObject({
      event: 'webwidget_triggered',
      account: { id: account.id },
      data: { id: fired.body.conversation_id, inbox_id: inbox, campaign_id: campaign.id },
    });

    // Paused: it does not fire.
    expect((await api().post(`/campaigns/${campaign.id}/pause`)).status).toBe(204);
    const newcomer = (await api().post('/contacts', { inbox_id: inbox, name: 'Later visitor' })).body.payload.contact
      .id;
    expect(
      (await api().post(`/inboxes/${inbox}/campaign_triggers`, { contact_id: newcomer, url: PAGE, time_on_page: 30 }))
        .body.campaign_id,
    ).toBeNull();
  });

  it('does not fire outside business hours', async () => {
    const { inbox, contact, campaign } = await setUp(false);
    const answer = await api().post(`/inboxes/${inbox}/campaign_triggers`, {
      contact_id: contact,
      url: PAGE,
      time_on_page: 30,
    });
    expect(answer.body).toEqual({ campaign_id: null, conversation_id: null, message_id: null });
    expect((await api().get(`/campaigns/${campaign.id}`)).body.sent_count).toBe(0);
  });

  it('refuses malformed triggers (400), unknown inboxes (404) and contacts (422)', async () => {
    const { inbox } = await setUp(true);
    expect(
      (await api().post(`/inboxes/${inbox}/campaign_triggers`, { contact_id: 'x', url: PAGE, time_on_page: 1 })).status,
    ).toBe(400);
    expect(
      (await api().post(`/inboxes/${inbox}/campaign_triggers`, { contact_id: 1, url: PAGE, time_on_page: -1 })).status,
    ).toBe(400);
    expect((await api().post(`/inboxes/${inbox}/campaign_triggers`, { contact_id: 1 })).status).toBe(400);
    const unknownInbox = await api().post('/inboxes/2000000000/campaign_triggers', {
      contact_id: 1,
      url: PAGE,
      time_on_page: 30,
    });
    expect(unknownInbox.status).toBe(404);
    const unknownContact = await api().post(`/inboxes/${inbox}/campaign_triggers`, {
      contact_id: 2_000_000_000,
      url: PAGE,
      time_on_page: 30,
    });
    expect([unknownContact.status, unknownContact.body.attributes]).toEqual([422, ['contact_id']]);
  });
});
