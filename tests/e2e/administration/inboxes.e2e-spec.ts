import { InboxEvents } from '@parley/contracts';
import { createTestAccount, eventually, publishedEvents, readE2eState, type TestAccount } from '@parley/testing';

const weekdays = [1, 2, 3, 4, 5].map((day) => ({
  day_of_week: day,
  closed_all_day: false,
  open_hour: 8,
  open_minutes: 30,
  close_hour: 18,
  close_minutes: 0,
}));

describe('inboxes', () => {
  let account: TestAccount;
  // The only HTTPS address the system under test may call: the suite's local receiver.
  const callbackBase = readE2eState().webhookReceiverUrl;

  beforeAll(async () => {
    account = await createTestAccount();
  });

  it('creates an API inbox with an identifier and a signing secret', async () => {
    const created = await account.admin.api.post('/inboxes', {
      name: 'Bridge',
      channel: { type: 'api', webhook_url: `${callbackBase}/hook` },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      account_id: account.id,
      name: 'Bridge',
      channel_type: 'Channel::Api',
      webhook_url: `${callbackBase}/hook`,
      inbox_identifier: expect.any(String),
      secret: expect.any(String),
      enable_auto_assignment: true,
      allow_messages_after_resolved: true,
      timezone: 'UTC',
      auto_assignment_config: { max_assignment_limit: null },
      message_deleted_placeholder: 'This message was deleted',
      avatar_url: null,
      website_token: null,
      web_widget_script: null,
      welcome_title: null,
      welcome_tagline: null,
    });
    expect(created.body.working_hours).toHaveLength(7);
    const listed = await account.admin.api.get('/inboxes');
    expect(listed.body.payload).toContainEqual(created.body);
  });

  it.each([
    [
      { type: 'web_widget', website_url: 'https://shop.example.com', widget_color: '#FF8800' },
      'Channel::WebWidget',
      { widget_color: '#ff8800' },
    ],
    [{ type: 'sms', phone_number: '+5511999990000' }, 'Channel::Sms', { phone_number: '+5511999990000' }],
    [{ type: 'mobile_chat', phone_number: '+14155550100' }, 'Channel::MobileChat', {}],
    [{ type: 'email', email: 'Support@Example.com' }, 'Channel::Email', { email: 'support@example.com' }],
    [{ type: 'social_page' }, 'Channel::SocialPage', {}],
    [{ type: 'social_direct' }, 'Channel::SocialDirect', {}],
    [{ type: 'bot_chat' }, 'Channel::BotChat', {}],
  ])('creates a %j inbox', async (channel, channelType, fields) => {
    const created = await account.admin.api.post('/inboxes', { name: `${channel.type} inbox`, channel });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ channel_type: channelType, inbox_identifier: null, secret: null, ...fields });
  });

  it('gives a web widget inbox a stable token and its embed script, and keeps its welcome texts and avatar', async () => {
    const created = await account.admin.api.post('/inboxes', {
      name: 'Site',
      channel: {
        type: 'web_widget',
        website_url: 'https://shop.example.com',
        welcome_title: 'Hi there',
        welcome_tagline: 'We answer in minutes',
      },
    });
    expect(created.status).toBe(201);
    const token: string = created.body.website_token;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(created.body).toMatchObject({
      avatar_url: null,
      welcome_title: 'Hi there',
      welcome_tagline: 'We answer in minutes',
    });
    const script: string = created.body.web_widget_script;
    expect(script).toMatch(/^<script>[\s\S]*<\/script>$/);
    expect(script).toContain(`var baseUrl = "${readE2eState().gatewayUrl}";`);
    expect(script).toContain('baseUrl + "/packs/js/sdk.js"');
    expect(script).toContain(`window.chatwootSDK.run({ websiteToken: "${token}", baseUrl: baseUrl })`);

    const updated = await account.admin.api.patch(`/inboxes/${created.body.id}`, {
      welcome_title: 'Hello',
      welcome_tagline: null,
      avatar_url: 'https://cdn.example.com/site.png',
      widget_color: '#123456',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      website_token: token,
      web_widget_script: script,
      welcome_title: 'Hello',
      welcome_tagline: null,
      avatar_url: 'https://cdn.example.com/site.png',
    });
    expect((await account.admin.api.get(`/inboxes/${created.body.id}`)).body).toEqual(updated.body);
    expect((await account.admin.api.get('/inboxes')).body.payload).toContainEqual(updated.body);

    const other = (
      await account.admin.api.post('/inboxes', {
        name: 'Other site',
        channel: { type: 'web_widget', website_url: 'https://other.example.com' },
      })
    ).body;
    expect(other.website_token).not.toBe(token);
    const badAvatar = await account.admin.api.patch(`/inboxes/${created.body.id}`, {
      avatar_url: 'ftp://cdn.example.com/x.png',
    });
    expect(badAvatar.status).toBe(422);
    expect(badAvatar.body.attributes).toEqual(['avatar_url']);
  });

  it('accepts channel_type in place of channel.type', async () => {
    const created = await account.admin.api.post('/inboxes', { name: 'Direct', channel_type: 'Channel::Api' });
    expect(created.status).toBe(201);
    expect(created.body.channel_type).toBe('Channel::Api');
  });

  it.each([
    [{ name: 'x', channel: { type: 'fax' } }, 400],
    [{ name: 'x' }, 400],
    [{ channel: { type: 'api' } }, 400],
    [{ name: 'x', channel: { type: 'web_widget' } }, 422],
    [{ name: 'x', channel: { type: 'sms', phone_number: '5511999' } }, 422],
    [{ name: 'x', channel: { type: 'email', email: 'not-an-email' } }, 422],
    [{ name: 'x', channel: { type: 'api', webhook_url: 'ftp://example.com' } }, 422],
    [{ name: 'x', channel: { type: 'api', webhook_url: 'http://example.com/hook' } }, 422],
    [{ name: 'x', channel: { type: 'api', webhook_url: 'https://10.0.0.5/hook' } }, 422],
    [{ name: 'x', channel: { type: 'api', webhook_url: 'https://[::1]/hook' } }, 422],
    [{ name: 'x', channel: { type: 'api' }, timezone: 'Mars/Olympus' }, 422],
  ])('refuses %j with %i', async (body, status) => {
    const response = await account.admin.api.post('/inboxes', body);
    expect(response.status).toBe(status);
    expect(typeof response.body.error).toBe('string');
  });

  it('refuses a callback URL on an internal address, and keeps the one it had', async () => {
    const inbox = (
      await account.admin.api.post('/inboxes', {
        name: 'Guarded',
        channel: { type: 'api', webhook_url: `${callbackBase}/hook` },
      })
    ).body;
    const refused = await account.admin.api.patch(`/inboxes/${inbox.id}`, {
      webhook_url: 'https://169.254.169.254/latest/meta-data',
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      error: 'Webhook URL must resolve only to public addresses: 169.254.169.254 is link-local',
      attributes: ['webhook_url'],
    });
    expect((await account.admin.api.get(`/inboxes/${inbox.id}`)).body.webhook_url).toBe(`${callbackBase}/hook`);
  });

  it('updates every editable setting', async () => {
    const inbox = (await account.admin.api.post('/inboxes', { name: 'Editable', channel: { type: 'api' } })).body;
    const update = {
      name: 'Edited',
      greeting_enabled: true,
      greeting_message: 'Hello!',
      working_hours_enabled: true,
      out_of_office_message: 'We are closed',
      working_hours: weekdays,
      timezone: 'America/Sao_Paulo',
      csat_survey_enabled: true,
      enable_auto_assignment: false,
      auto_assignment_config: { max_assignment_limit: 3 },
      allow_messages_after_resolved: false,
      message_deleted_placeholder: 'Removed',
      webhook_url: `${callbackBase}/new-hook`,
    };
    const updated = await account.admin.api.patch(`/inboxes/${inbox.id}`, update);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ ...update, auto_assignment_config: { max_assignment_limit: 3 } });
    expect((await account.admin.api.get(`/inboxes/${inbox.id}`)).body).toEqual(updated.body);
    expect(
      (await account.admin.api.put(`/inboxes/${inbox.id}`, { auto_assignment_config: { max_assignment_limit: null } }))
        .body.auto_assignment_config,
    ).toEqual({
      max_assignment_limit: null,
    });
  });

  it.each([
    [{ working_hours: [{ day_of_week: 7, closed_all_day: true }] }, 'working_hours[0].day_of_week'],
    [
      { working_hours: [{ day_of_week: 1, open_hour: 24, open_minutes: 0, close_hour: 10, close_minutes: 0 }] },
      'open_hour',
    ],
    [
      { working_hours: [{ day_of_week: 1, open_hour: 9, open_minutes: 60, close_hour: 10, close_minutes: 0 }] },
      'open_minutes',
    ],
    [
      { working_hours: [{ day_of_week: 1, open_hour: 18, open_minutes: 0, close_hour: 9, close_minutes: 0 }] },
      'opening time must be before closing time',
    ],
    [
      { working_hours: Array.from({ length: 8 }, (_, day) => ({ day_of_week: day % 7, closed_all_day: true })) },
      'at most 7 entries',
    ],
    [{ timezone: 'Nowhere/City' }, 'Timezone'],
    [{ auto_assignment_config: { max_assignment_limit: 0 } }, 'Max assignment limit must be a positive integer'],
  ])('refuses the update %j with 422', async (update, message) => {
    const inbox = (await account.admin.api.post('/inboxes', { name: 'Strict', channel: { type: 'api' } })).body;
    const response = await account.admin.api.patch(`/inboxes/${inbox.id}`, update);
    expect(response.status).toBe(422);
    expect(response.body.error).toContain(message);
  });

  it('refuses a malformed setting with 400', async () => {
    const inbox = (await account.admin.api.post('/inboxes', { name: 'Typed', channel: { type: 'api' } })).body;
    expect((await account.admin.api.patch(`/inboxes/${inbox.id}`, { greeting_enabled: 'yes' })).status).toBe(400);
    expect(
      (
        await account.admin.api.patch(`/inboxes/${inbox.id}`, {
          auto_assignment_config: { max_assignment_limit: 'many' },
        })
      ).status,
    ).toBe(400);
  });

  it('replaces, lists and removes inbox members', async () => {
    const inbox = (await account.admin.api.post('/inboxes', { name: 'Members', channel: { type: 'api' } })).body;
    const first = await account.addUser('agent');
    const second = await account.addUser('agent');
    const set = await account.admin.api.post(`/inboxes/${inbox.id}/inbox_members`, { user_ids: [first.id, second.id] });
    expect(set.status).toBe(200);
    expect(set.body.payload.map((agent: { id: number }) => agent.id).sort()).toEqual([first.id, second.id].sort());
    const replaced = await account.admin.api.post(`/inboxes/${inbox.id}/inbox_members`, { user_ids: [second.id] });
    expect(replaced.body.payload.map((agent: { id: number }) => agent.id)).toEqual([second.id]);
    expect((await account.admin.api.get(`/inboxes/${inbox.id}/inbox_members`)).body.payload).toHaveLength(1);
    const removed = await account.admin.api.delete(`/inboxes/${inbox.id}/inbox_members`, {
      body: { user_ids: [second.id] },
    });
    expect(removed.body.payload).toEqual([]);
    const stranger = await (await createTestAccount()).addUser('agent');
    expect(
      (await account.admin.api.post(`/inboxes/${inbox.id}/inbox_members`, { user_ids: [stranger.id] })).status,
    ).toBe(422);
  });

  it('shows agents only the inboxes they are members of', async () => {
    const agent = await account.addUser('agent');
    const mine = (await account.admin.api.post('/inboxes', { name: 'Mine', channel: { type: 'api' } })).body;
    const notMine = (await account.admin.api.post('/inboxes', { name: 'Not mine', channel: { type: 'api' } })).body;
    await account.admin.api.post(`/inboxes/${mine.id}/inbox_members`, { user_ids: [agent.id] });
    const listed = await agent.api.get('/inboxes');
    expect(listed.body.payload.map((inbox: { id: number }) => inbox.id)).toEqual([mine.id]);
    expect(listed.body.payload[0].secret).toBeNull();
    // The identity-validation key is the administrators' alone, as the signing secret is.
    expect(mine.hmac_token).toEqual(expect.any(String));
    expect(listed.body.payload[0].hmac_token).toBeNull();
    const shown = await agent.api.get(`/inboxes/${mine.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ secret: null, hmac_token: null });
    const forbidden = await agent.api.get(`/inboxes/${notMine.id}`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ error: 'You do not have access to this inbox' });
  });

  it('connects, shows and disconnects an agent bot', async () => {
    const inbox = (
      await account.admin.api.post('/inboxes', {
        name: 'Botted',
        channel: { type: 'web_widget', website_url: 'https://example.com' },
      })
    ).body;
    expect((await account.admin.api.get(`/inboxes/${inbox.id}/agent_bot`)).status).toBe(404);
    const bot = (
      await account.admin.api.post('/agent_bots', { name: 'Helper', outgoing_url: 'https://bots.example.com/in' })
    ).body;
    expect((await account.admin.api.post(`/inboxes/${inbox.id}/set_agent_bot`, { agent_bot: bot.id })).status).toBe(
      204,
    );
    expect((await account.admin.api.get(`/inboxes/${inbox.id}/agent_bot`)).body).toEqual(bot);
    expect((await account.admin.api.get(`/inboxes/${inbox.id}`)).body.agent_bot_id).toBe(bot.id);
    expect((await account.admin.api.post(`/inboxes/${inbox.id}/set_agent_bot`, { agent_bot: null })).status).toBe(204);
    expect((await account.admin.api.get(`/inboxes/${inbox.id}/agent_bot`)).status).toBe(404);
    expect((await account.admin.api.post(`/inboxes/${inbox.id}/set_agent_bot`, { agent_bot: 2147483000 })).status).toBe(
      422,
    );
    expect((await account.admin.api.post(`/inboxes/${inbox.id}/set_agent_bot`, {})).status).toBe(400);
  });

  it('deletes an inbox (204) and publishes it', async () => {
    const inbox = (await account.admin.api.post('/inboxes', { name: 'Doomed', channel: { type: 'api' } })).body;
    expect((await account.admin.api.delete(`/inboxes/${inbox.id}`)).status).toBe(204);
    expect((await account.admin.api.get(`/inboxes/${inbox.id}`)).status).toBe(404);
    await eventually(async () => {
      const events = (await publishedEvents<{ inbox: { id: number; secret?: string } }>(InboxEvents.deleted)).filter(
        (event) => event.data.inbox.id === inbox.id,
      );
      expect(events).toHaveLength(1);
      expect(events[0].data.inbox).not.toHaveProperty('secret');
    });
  });
});
