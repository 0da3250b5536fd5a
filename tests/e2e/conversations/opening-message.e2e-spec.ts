import { createTestAccount, eventually, type TestAccount } from '@parley/testing';

/**
 * A conversation's opening message (`message` on conversation create) is checked as a message
 * created in the new conversation would be: the messaging window of its channel, the template
 * and content rules. A refused one creates nothing: no conversation, no contact link, no
 * conversation number.
 */
describe('the opening message of a conversation', () => {
  let account: TestAccount;
  let apiInbox: number;
  let mobileInbox: number;
  const template_params = {
    name: 'order_update',
    language: 'en_US',
    category: 'UTILITY',
    processed_params: { '1': 'Ana' },
  };

  beforeAll(async () => {
    account = await createTestAccount();
    apiInbox = await knownInbox('API', { type: 'api' });
    mobileInbox = await knownInbox('Mobile', { type: 'mobile_chat', phone_number: '+15550003333' });
  });

  /** An inbox the contacts service knows already, so contacts and links can be made for it at once. */
  async function knownInbox(name: string, channel: Record<string, unknown>): Promise<number> {
    const inbox = await account.admin.api.post('/inboxes', { name, channel, enable_auto_assignment: false });
    expect(inbox.status).toBe(201);
    await eventually(async () =>
      expect((await account.admin.api.post('/contacts', { inbox_id: inbox.body.id, name: 'Probe' })).status).toBe(201),
    );
    return inbox.body.id;
  }

  /** A contact linked to the API inbox only. */
  async function contact(name: string): Promise<number> {
    const created = await account.admin.api.post('/contacts', { inbox_id: apiInbox, name, source_id: `${name}-api` });
    expect(created.status).toBe(201);
    return created.body.payload.contact.id;
  }

  async function conversationsOf(contactId: number): Promise<unknown[]> {
    const listed = await account.admin.api.get(`/contacts/${contactId}/conversations`);
    expect(listed.status).toBe(200);
    return listed.body.payload;
  }

  async function linkedInboxes(contactId: number): Promise<number[]> {
    const links = await account.admin.api.get(`/contacts/${contactId}/contact_inboxes`);
    expect(links.status).toBe(200);
    return links.body.payload.map((link: { inbox: { id: number } }) => link.inbox.id);
  }

  const create = (contactId: number, inboxId: number, message: Record<string, unknown>) =>
    account.admin.api.post('/conversations', { inbox_id: inboxId, contact_id: contactId, message });

  it('is refused outside the messaging window (422) without a template, and nothing is created', async () => {
    const contactId = await contact('window');
    const before = await create(contactId, apiInbox, { content: 'Numbering starts here' });
    expect(before.status).toBe(201);

    for (const message of [{ content: 'Hi there' }, { content: 'Hi there', message_type: 'outgoing' }]) {
      const refused = await create(contactId, mobileInbox, message);
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatch(/24-hour messaging window/);
      expect(refused.body.attributes).toEqual(['message.template_params']);
    }
    expect(await conversationsOf(contactId)).toHaveLength(1);
    expect(await linkedInboxes(contactId)).toEqual([apiInbox]);

    // The same message as a template is sent; the refusals used no conversation number.
    const template = await create(contactId, mobileInbox, { content: 'Hi {{1}}', template_params });
    expect(template.status).toBe(201);
    expect(template.body.id).toBe(before.body.id + 1);
    expect(template.body.messages_count).toBe(1);
    expect(template.body.last_non_activity_message).toMatchObject({
      message_type: 'template',
      content: 'Hi Ana',
      sender: { id: account.admin.id, type: 'user' },
    });
    expect((await linkedInboxes(contactId)).sort()).toEqual([apiInbox, mobileInbox].sort());
  });

  it("is accepted when it is the contact's, which opens the window for the agents' replies", async () => {
    const contactId = await contact('incoming');
    const created = await create(contactId, mobileInbox, { content: 'Where is my order?', message_type: 'incoming' });
    expect(created.status).toBe(201);
    expect(created.body.can_reply).toBe(true);
    const reply = await account.admin.api.post(`/conversations/${created.body.id}/messages`, { content: 'On its way' });
    expect(reply.status).toBe(201);
  });

  it("gets message create's content checks, with the same answers, and a refused one creates nothing", async () => {
    const contactId = await contact('content');
    const existing = await create(contactId, apiInbox, { content: 'First', message_type: 'incoming' });
    expect(existing.status).toBe(201);
    const cases: Array<[string, Record<string, unknown>, number]> = [
      ['blank text', { content: '   ' }, 422],
      ['text over 150,000 characters', { content: 'x'.repeat(150_001) }, 400],
      ['a NUL character', { content: 'before\u0000after' }, 400],
      ['an unpaired surrogate', { content: 'broken \uD800 text' }, 400],
      ['a template without a language', { template_params: { name: 'order_update' } }, 400],
      ['a template of an unknown category', { template_params: { ...template_params, category: 'PROMO' } }, 400],
    ];
    for (const [what, message, status] of cases) {
      const asMessage = await account.admin.api.post(`/conversations/${existing.body.id}/messages`, message);
      const asOpening = await create(contactId, apiInbox, message);
      expect({ what, message: asMessage.status, opening: asOpening.status }).toEqual({
        what,
        message: status,
        opening: status,
      });
      expect(Object.keys(asOpening.body)).toContain('error');
    }
    const blank = await create(contactId, apiInbox, { content: '   ' });
    expect(blank.body).toEqual({
      error: "Content can't be blank without attachments",
      attributes: ['message.content'],
    });
    expect(await conversationsOf(contactId)).toHaveLength(1);
  });
});
