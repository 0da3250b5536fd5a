import { createTestAccount, type TestAccount } from '@parley/testing';

/**
 * Messaging checks contacts against its copy of the contacts service's, which lags the
 * contact's events: a contact created (or unblocked) a moment ago must be usable at once.
 */
describe('read your writes: conversations → contacts', () => {
  const ITERATIONS = 20;
  let account: TestAccount;
  let inbox: number;

  beforeAll(async () => {
    account = await createTestAccount();
    inbox = (
      await account.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' }, enable_auto_assignment: false })
    ).body.id;
  });

  const createContact = async (body: Record<string, unknown>) => {
    const created = await account.admin.api.post('/contacts', { inbox_id: inbox, ...body });
    expect(created.status).toBe(201);
    return created.body.payload as { contact: { id: number }; contact_inbox: { source_id: string } };
  };
  const startConversation = (contactId: number, sourceId = 's') =>
    account.admin.api.post('/conversations', {
      inbox_id: inbox,
      contact_id: contactId,
      source_id: sourceId,
      message: { content: 'Hello', message_type: 'incoming' },
    });

  it(`starts a conversation, with a message, with a contact created just before (${ITERATIONS} times)`, async () => {
    for (let i = 0; i < ITERATIONS; i++) {
      const { contact, contact_inbox } = await createContact({
        name: `Customer ${i}`,
        email: `customer-${i}@example.com`,
      });
      const conversation = await startConversation(contact.id, contact_inbox.source_id);
      expect({ i, status: conversation.status, body: conversation.body }).toMatchObject({
        status: 201,
        body: {
          contact_id: contact.id,
          meta: { sender: { id: contact.id, name: `Customer ${i}`, email: `customer-${i}@example.com` } },
        },
      });
      const reply = await account.admin.api.post(`/conversations/${conversation.body.id}/messages`, {
        content: `Reply ${i}`,
      });
      expect(reply.status).toBe(201);
    }
  });

  it(`refuses a contact created blocked just before, and takes it once unblocked (${ITERATIONS} times)`, async () => {
    for (let i = 0; i < ITERATIONS; i++) {
      const { contact } = await createContact({ name: `Blocked ${i}`, blocked: true });
      const refused = await startConversation(contact.id);
      expect({ i, status: refused.status, body: refused.body }).toEqual({
        i,
        status: 422,
        body: { error: 'Contact is blocked and cannot start conversations', attributes: ['contact_id'] },
      });
      expect((await account.admin.api.post(`/contacts/${contact.id}/unblock`)).status).toBe(200);
      const started = await startConversation(contact.id);
      expect({ i, status: started.status }).toEqual({ i, status: 201 });
    }
  });

  it(`refuses a contact of another account created just before (${ITERATIONS} times)`, async () => {
    const other = await createTestAccount();
    const theirInbox = (await other.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' } })).body.id;
    for (let i = 0; i < ITERATIONS; i++) {
      const theirs = (await other.admin.api.post('/contacts', { inbox_id: theirInbox, name: `Theirs ${i}` })).body
        .payload.contact.id;
      const refused = await startConversation(theirs);
      expect({ i, status: refused.status, body: refused.body }).toEqual({
        i,
        status: 422,
        body: { error: 'Contact does not exist', attributes: ['contact_id'] },
      });
    }
  });
});
