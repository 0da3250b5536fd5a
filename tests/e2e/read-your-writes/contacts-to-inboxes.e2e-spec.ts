import { createTestAccount, type TestAccount } from '@parley/testing';

/**
 * Contacts checks inboxes against its copy of messaging's, which lags the inbox's event: an
 * inbox created a moment ago must be usable at once, an inbox of another account never.
 */
describe('read your writes: contacts → inboxes', () => {
  const ITERATIONS = 20;
  let account: TestAccount;

  beforeAll(async () => {
    account = await createTestAccount();
  });

  it(`creates a contact in an API inbox created just before (${ITERATIONS} times)`, async () => {
    for (let i = 0; i < ITERATIONS; i++) {
      const inbox = await account.admin.api.post('/inboxes', { name: `Api ${i}`, channel: { type: 'api' } });
      expect(inbox.status).toBe(201);
      const contact = await account.admin.api.post('/contacts', { inbox_id: inbox.body.id, name: `Contact ${i}` });
      expect({ i, status: contact.status, body: contact.body }).toMatchObject({
        status: 201,
        body: {
          payload: { contact_inbox: { inbox: { id: inbox.body.id, name: `Api ${i}`, channel_type: 'Channel::Api' } } },
        },
      });
      const shown = await account.admin.api.get(`/contacts/${contact.body.payload.contact.id}`);
      expect(shown.body.payload.contact_inboxes.map((link: { inbox: { id: number } }) => link.inbox.id)).toEqual([
        inbox.body.id,
      ]);
    }
  });

  it(`links a contact to an inbox created just before (${ITERATIONS} times)`, async () => {
    const home = (await account.admin.api.post('/inboxes', { name: 'Home', channel: { type: 'api' } })).body.id;
    const contact = (await account.admin.api.post('/contacts', { inbox_id: home, name: 'Traveller' })).body.payload
      .contact.id;
    for (let i = 0; i < ITERATIONS; i++) {
      const inbox = await account.admin.api.post('/inboxes', {
        name: `Widget ${i}`,
        channel: { type: 'web_widget', website_url: 'https://example.com' },
      });
      const linked = await account.admin.api.post(`/contacts/${contact}/contact_inboxes`, {
        inbox_id: inbox.body.id,
        source_id: `visitor-${i}`,
      });
      expect({ i, status: linked.status, body: linked.body }).toMatchObject({
        status: 201,
        body: { source_id: `visitor-${i}`, inbox: { id: inbox.body.id } },
      });
    }
    expect((await account.admin.api.get(`/contacts/${contact}/contact_inboxes`)).body.payload).toHaveLength(
      ITERATIONS + 1,
    );
  });

  it(`refuses, at once and without telling anything of it, an inbox of another account created just before (${ITERATIONS} times)`, async () => {
    const other = await createTestAccount();
    const mine = (
      await account.admin.api.post('/contacts', {
        inbox_id: (await account.admin.api.post('/inboxes', { name: 'Mine', channel: { type: 'api' } })).body.id,
      })
    ).body.payload.contact.id;
    for (let i = 0; i < ITERATIONS; i++) {
      const theirs = (await other.admin.api.post('/inboxes', { name: `Theirs ${i}`, channel: { type: 'api' } })).body
        .id;
      const created = await account.admin.api.post('/contacts', { inbox_id: theirs, name: 'Intruder' });
      expect({ i, status: created.status, body: created.body }).toEqual({
        i,
        status: 422,
        body: { error: 'Inbox does not exist', attributes: ['inbox_id'] },
      });
      const linked = await account.admin.api.post(`/contacts/${mine}/contact_inboxes`, { inbox_id: theirs });
      expect({ i, status: linked.status, body: linked.body }).toEqual({
        i,
        status: 422,
        body: { error: 'Inbox does not exist', attributes: ['inbox_id'] },
      });
    }
  });
});
