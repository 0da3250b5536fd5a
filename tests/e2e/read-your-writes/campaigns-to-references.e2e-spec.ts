import { createTestAccount, type TestAccount } from '@parley/testing';

/**
 * Campaigns check inboxes against their copy of messaging's inboxes (which lags its events; a
 * miss asks messaging), and labels, agents and the audience by asking their owners: each made a
 * moment before must be accepted at once.
 */
describe('read your writes: campaigns → inboxes, labels, agents, audience', () => {
  const ITERATIONS = 10;
  let account: TestAccount;

  beforeAll(async () => {
    account = await createTestAccount();
  });

  it(`accepts a one-off campaign on an inbox, label and labelled contact created just before (${ITERATIONS} times)`, async () => {
    const api = account.admin.api;
    for (let i = 0; i < ITERATIONS; i++) {
      const inbox = (await api.post('/inboxes', { name: `Api ${i}`, channel: { type: 'api' } })).body.id;
      const label = (await api.post('/labels', { title: `ryw-${i}-${account.id}` })).body;
      const contact = (await api.post('/contacts', { inbox_id: inbox, name: `Reader ${i}` })).body.payload.contact.id;
      await api.post(`/contacts/${contact}/labels`, { labels: [label.title] });
      const created = await api.post('/campaigns', {
        title: `C${i}`,
        message: 'Hi',
        inbox_id: inbox,
        audience: [{ type: 'Label', id: label.id }],
        status: 'draft',
      });
      expect({ i, status: created.status, body: created.body.error }).toEqual({ i, status: 201, body: undefined });
    }
  });

  it(`accepts an ongoing campaign on a web widget inbox and from an agent created just before (${ITERATIONS} times)`, async () => {
    const api = account.admin.api;
    for (let i = 0; i < ITERATIONS; i++) {
      const inbox = (
        await api.post('/inboxes', {
          name: `Site ${i}`,
          channel: { type: 'web_widget', website_url: 'https://shop.example.com' },
        })
      ).body.id;
      const agent = await account.addUser('agent');
      const created = await api.post('/campaigns', {
        title: `O${i}`,
        message: 'Hi',
        inbox_id: inbox,
        campaign_type: 'ongoing',
        sender_id: agent.id,
        trigger_rules: { url: 'https://shop.example.com/' },
      });
      expect({ i, status: created.status, body: created.body.error }).toEqual({ i, status: 201, body: undefined });
    }
  });
});
