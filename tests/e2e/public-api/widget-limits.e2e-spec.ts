import {
  ApiClient,
  createTestAccount,
  startExtraGateway,
  type ServiceProcess,
  type TestAccount,
} from '@parley/testing';

/**
 * The web widget's own limits, per client IP and inbox (decisions.md "Public client API"),
 * on a gateway with the stock settings but small widget limits; API inboxes (server-side
 * bridges) get only the global limits.
 */
describe('public client API limits', () => {
  let gateway: ServiceProcess;
  let api: ApiClient;
  let account: TestAccount;
  let widgetToken: string;
  let bridgeToken: string;

  beforeAll(async () => {
    const started = await startExtraGateway('gateway-widget-limits', {
      RATE_LIMIT_WIDGET_CONVERSATIONS: '3',
      RATE_LIMIT_WIDGET_MESSAGES: '4',
      RATE_LIMIT_WIDGET_CONTACT_UPDATES: '5',
    });
    gateway = started.process;
    api = new ApiClient(started.url);
    account = await createTestAccount();
    widgetToken = (
      await account.admin.api.post('/inboxes', {
        name: 'Site',
        channel: { type: 'web_widget', website_url: 'https://shop.example.com' },
      })
    ).body.website_token;
    bridgeToken = (await account.admin.api.post('/inboxes', { name: 'Bridge', channel: { type: 'api' } })).body
      .inbox_identifier;
  });

  afterAll(async () => {
    await gateway.stop();
  });

  it("limits a widget inbox's conversation creates and messages per IP and inbox, with Retry-After", async () => {
    const contact = (await api.post(`/public/api/v1/inboxes/${widgetToken}/contacts`, {})).body;
    const conversations = `/public/api/v1/inboxes/${widgetToken}/contacts/${contact.source_id}/conversations`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await api.post(conversations, {})).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await api.post(conversations, {});
    expect(refused.body).toEqual({ error: 'Rate limit exceeded' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // A campaign trigger may start a conversation: it counts with them.
    const trigger = await api.post(
      `/public/api/v1/inboxes/${widgetToken}/contacts/${contact.source_id}/campaign_triggers`,
      {
        url: 'https://shop.example.com/pricing',
        time_on_page: 5,
      },
    );
    expect(trigger.status).toBe(429);

    const id = (await api.get(conversations)).body[0].id;
    const sent: number[] = [];
    for (let i = 0; i < 5; i++)
      sent.push((await api.post(`${conversations}/${id}/messages`, { content: `m${i}` })).status);
    expect(sent).toEqual([200, 200, 200, 200, 429]);
    // Reading is not limited beyond the global limits.
    expect((await api.get(`${conversations}/${id}/messages`)).status).toBe(200);
  });

  it('limits contact creates and updates per hour (the first test made one already)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await api.post(`/public/api/v1/inboxes/${widgetToken}/contacts`, { name: `v${i}` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('leaves an API inbox to the global limits', async () => {
    const contact = (await api.post(`/public/api/v1/inboxes/${bridgeToken}/contacts`, {})).body;
    const conversations = `/public/api/v1/inboxes/${bridgeToken}/contacts/${contact.source_id}/conversations`;
    for (let i = 0; i < 5; i++) expect((await api.post(conversations, {})).status).toBe(200);
  });
});
