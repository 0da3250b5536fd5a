import { createTestAccount, type TestAccount } from '@parley/testing';
import { labelledContacts, unique } from './campaign-fixtures';

const FAR = '2099-01-01T00:00:00Z';

describe('campaigns: CRUD, validation and states', () => {
  let account: TestAccount;
  let apiInbox: number;
  let widgetInbox: number;
  let labelId: number;
  let emptyLabelId: number;

  const api = () => account.admin.api;
  const oneOff = (overrides: Record<string, unknown> = {}) => ({
    title: 'Spring sale',
    message: 'Hi {{contact.name}}',
    inbox_id: apiInbox,
    campaign_type: 'one_off',
    audience: [{ type: 'Label', id: labelId }],
    scheduled_at: FAR,
    ...overrides,
  });
  const ongoing = (overrides: Record<string, unknown> = {}) => ({
    title: 'Pricing nudge',
    message: 'Questions about pricing?',
    inbox_id: widgetInbox,
    campaign_type: 'ongoing',
    trigger_rules: { url: 'https://shop.example.com/pricing', time_on_page: 5 },
    ...overrides,
  });
  const refusal = async (body: Record<string, unknown>, attribute: string, code = 422) => {
    const response = await api().post('/campaigns', body);
    expect({ status: response.status, attributes: response.body.attributes }).toEqual({
      status: code,
      attributes: expect.arrayContaining([attribute]),
    });
    expect(typeof response.body.error).toBe('string');
  };

  beforeAll(async () => {
    account = await createTestAccount();
    apiInbox = (await api().post('/inboxes', { name: 'Api', channel: { type: 'api' } })).body.id;
    widgetInbox = (
      await api().post('/inboxes', {
        name: 'Site',
        channel: { type: 'web_widget', website_url: 'https://shop.example.com' },
      })
    ).body.id;
    labelId = (await labelledContacts(account, apiInbox, 1)).labelId;
    emptyLabelId = (await api().post('/labels', { title: `empty-${unique()}` })).body.id;
  });

  it('creates, shows, lists, pauses, edits, resumes and refuses to delete a scheduled campaign', async () => {
    const created = await api().post('/campaigns', oneOff());
    expect(created.status).toBe(201);
    const campaign = created.body;
    expect(campaign).toEqual({
      id: expect.any(Number),
      account_id: account.id,
      title: 'Spring sale',
      message: 'Hi {{contact.name}}',
      inbox_id: apiInbox,
      campaign_type: 'one_off',
      sender_id: null,
      trigger_only_during_business_hours: false,
      trigger_rules: { url: null, time_on_page: 0 },
      audience: [{ type: 'Label', id: labelId }],
      scheduled_at: '2099-01-01T00:00:00.000Z',
      status: 'scheduled',
      audience_count: 0,
      sent_count: 0,
      failed_count: 0,
      eta: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await api().get(`/campaigns/${campaign.id}`)).body).toEqual(campaign);
    expect((await api().get('/campaigns')).body).toContainEqual(campaign);

    const edit = await api().patch(`/campaigns/${campaign.id}`, { title: 'Renamed' });
    expect(edit.status).toBe(422);
    expect(edit.body.error).toMatch(/only draft or paused/);

    expect((await api().post(`/campaigns/${campaign.id}/pause`)).status).toBe(204);
    expect((await api().get(`/campaigns/${campaign.id}`)).body.status).toBe('paused');
    expect((await api().post(`/campaigns/${campaign.id}/pause`)).status).toBe(422);
    const edited = await api().patch(`/campaigns/${campaign.id}`, {
      title: 'Renamed',
      message: 'Hello {{contact.email}}',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Renamed', message: 'Hello {{contact.email}}', status: 'paused' });
    expect((await api().delete(`/campaigns/${campaign.id}`)).status).toBe(422);

    const resumed = await api().post(`/campaigns/${campaign.id}/resume`);
    expect(resumed.status).toBe(204);
    expect(resumed.text).toBe('');
    expect((await api().get(`/campaigns/${campaign.id}`)).body.status).toBe('scheduled');
    expect((await api().post(`/campaigns/${campaign.id}/resume`)).status).toBe(422);
    const deletion = await api().delete(`/campaigns/${campaign.id}`);
    expect(deletion.status).toBe(422);
    expect(deletion.body.error).toMatch(/only drafts/);
  });

  it('saves drafts (editable, deletable), and an ongoing campaign starts enabled', async () => {
    const draft = (await api().post('/campaigns', oneOff({ status: 'draft' }))).body;
    expect(draft.status).toBe('draft');
    expect(
      (await api().patch(`/campaigns/${draft.id}`, { scheduled_at: '2098-06-01T10:00:00+02:00' })).body.scheduled_at,
    ).toBe('2098-06-01T08:00:00.000Z');
    expect((await api().post(`/campaigns/${draft.id}/pause`)).status).toBe(422);
    expect((await api().delete(`/campaigns/${draft.id}`)).status).toBe(204);
    expect((await api().get(`/campaigns/${draft.id}`)).status).toBe(404);

    const launched = (await api().post('/campaigns', oneOff({ status: 'draft' }))).body;
    expect((await api().post(`/campaigns/${launched.id}/resume`)).status).toBe(204);
    expect((await api().get(`/campaigns/${launched.id}`)).body.status).toBe('scheduled');

    const enabled = await api().post(
      '/campaigns',
      ongoing({ trigger_only_during_business_hours: true, sender_id: account.admin.id }),
    );
    expect(enabled.status).toBe(201);
    expect(enabled.body).toMatchObject({
      status: 'enabled',
      campaign_type: 'ongoing',
      sender_id: account.admin.id,
      trigger_only_during_business_hours: true,
    });
    expect((await api().post(`/campaigns/${enabled.body.id}/pause`)).status).toBe(204);
    expect((await api().post(`/campaigns/${enabled.body.id}/resume`)).status).toBe(204);
    expect((await api().get(`/campaigns/${enabled.body.id}`)).body.status).toBe('enabled');
  });

  it('answers 422 with the faulty attribute for each business rule', async () => {
    const other = await createTestAccount();
    const foreignInbox = (await other.admin.api.post('/inboxes', { name: 'Theirs', channel: { type: 'api' } })).body.id;
    await refusal(oneOff({ inbox_id: foreignInbox }), 'inbox_id');
    await refusal(oneOff({ inbox_id: 2_000_000_000 }), 'inbox_id');
    await refusal(ongoing({ inbox_id: apiInbox }), 'inbox_id');
    await refusal(oneOff({ audience: [{ type: 'Label', id: emptyLabelId }] }), 'audience');
    await refusal(oneOff({ audience: [] }), 'audience');
    await refusal(oneOff({ audience: [{ type: 'Label', id: 2_000_000_000 }] }), 'audience');
    await refusal(oneOff({ message: '   ' }), 'message');
    await refusal(oneOff({ title: ' ' }), 'title');
    await refusal(oneOff({ scheduled_at: 'next tuesday' }), 'scheduled_at');
    await refusal(oneOff({ scheduled_at: '2026-13-45T99:00:00Z' }), 'scheduled_at');
    await refusal(ongoing({ trigger_rules: { time_on_page: 5 } }), 'trigger_rules.url');
    await refusal(ongoing({ trigger_rules: null }), 'trigger_rules.url');
    await refusal(ongoing({ sender_id: 2_000_000_000 }), 'sender_id');
    const draft = (await api().post('/campaigns', oneOff({ status: 'draft' }))).body;
    const edit = await api().patch(`/campaigns/${draft.id}`, { audience: [{ type: 'Label', id: emptyLabelId }] });
    expect([edit.status, edit.body.attributes]).toEqual([422, ['audience']]);
  });

  it('accepts an inbox and a label created a moment ago (read your writes)', async () => {
    const inbox = (await api().post('/inboxes', { name: `Fresh ${unique()}`, channel: { type: 'api' } })).body.id;
    const { labelId: freshLabel } = await labelledContacts(account, inbox, 1);
    const created = await api().post(
      '/campaigns',
      oneOff({ inbox_id: inbox, audience: [{ type: 'Label', id: freshLabel }] }),
    );
    expect(created.status).toBe(201);
    const widget = (
      await api().post('/inboxes', {
        name: `Fresh site ${unique()}`,
        channel: { type: 'web_widget', website_url: 'https://fresh.example.com' },
      })
    ).body.id;
    expect((await api().post('/campaigns', ongoing({ inbox_id: widget }))).status).toBe(201);
  });

  it('answers 400 for malformed shapes', async () => {
    for (const body of [
      oneOff({ audience: 'vip' }),
      oneOff({ audience: [{ type: 'Team', id: 1 }] }),
      oneOff({ audience: [{ type: 'Label', id: 'x' }] }),
      oneOff({ inbox_id: 'abc' }),
      oneOff({ campaign_type: 'weekly' }),
      oneOff({ message: 42 }),
      oneOff({ scheduled_at: 12 }),
      oneOff({ status: 'running' }),
      ongoing({ trigger_rules: { url: 'https://a.example', time_on_page: -1 } }),
      ongoing({ trigger_only_during_business_hours: 'yes' }),
    ]) {
      const response = await api().post('/campaigns', body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
    const draft = (await api().post('/campaigns', oneOff({ status: 'draft' }))).body;
    expect((await api().patch(`/campaigns/${draft.id}`, { title: null })).status).toBe(400);
    expect((await api().get(`/campaigns/${draft.id}/sends?status=pending`)).status).toBe(400);
    expect((await api().get('/campaigns/abc')).status).toBe(400);
  });

  it('is for administrators only (agents get 403), and another account’s campaign is 404', async () => {
    const agent = await account.addUser('agent');
    const campaign = (await api().post('/campaigns', oneOff({ status: 'draft' }))).body;
    expect((await agent.api.get('/campaigns')).status).toBe(403);
    expect((await agent.api.post('/campaigns', oneOff())).status).toBe(403);
    expect((await agent.api.get(`/campaigns/${campaign.id}`)).status).toBe(403);
    expect((await agent.api.patch(`/campaigns/${campaign.id}`, { title: 'x' })).status).toBe(403);
    expect((await agent.api.delete(`/campaigns/${campaign.id}`)).status).toBe(403);
    expect((await agent.api.post(`/campaigns/${campaign.id}/pause`)).status).toBe(403);
    expect((await agent.api.post(`/campaigns/${campaign.id}/resume`)).status).toBe(403);
    expect((await agent.api.get(`/campaigns/${campaign.id}/sends`)).status).toBe(403);

    const other = await createTestAccount();
    expect((await other.admin.api.get(`/campaigns/${campaign.id}`)).status).toBe(404);
    expect((await other.admin.api.delete(`/campaigns/${campaign.id}`)).status).toBe(404);
    expect((await other.admin.api.get(`/campaigns/${campaign.id}/sends`)).status).toBe(404);
  });
});
