import { createTestAccount, eventually, seedContact, type TestAccount } from '@parley/testing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Client libraries create conversations without a source_id, and with a template-only opening message. */
describe('compatibility: creating conversations as client libraries do', () => {
  let account: TestAccount;

  beforeAll(async () => {
    account = await createTestAccount();
  });

  /** An API inbox that the contacts service already knows. */
  async function knownInbox(name: string): Promise<number> {
    const inbox = await account.admin.api.post('/inboxes', {
      name,
      channel: { type: 'api' },
      enable_auto_assignment: false,
    });
    expect(inbox.status).toBe(201);
    // TODO(read-your-writes): contacts learns inboxes from events; drop the poll once a miss asks messaging.
    await eventually(async () =>
      expect((await account.admin.api.post('/contacts', { inbox_id: inbox.body.id, name: 'Probe' })).status).toBe(201),
    );
    return inbox.body.id;
  }

  /** A contact of the contacts service, linked to `inboxId` under `sourceId`. */
  async function linkedContact(inboxId: number, sourceId: string): Promise<number> {
    const created = await account.admin.api.post('/contacts', {
      inbox_id: inboxId,
      name: `Linked ${sourceId}`,
      source_id: sourceId,
    });
    expect(created.status).toBe(201);
    return created.body.payload.contact.id;
  }

  /** A contact linked to a `home` inbox under `<name>-visitor`, and an `other` inbox it has no link to. */
  async function contactLinkedElsewhere(name: string): Promise<{ home: number; other: number; contactId: number }> {
    const home = await knownInbox(`${name} home`);
    const other = await knownInbox(`${name} other`);
    return { home, other, contactId: await linkedContact(home, `${name}-visitor`) };
  }

  async function linksTo(contactId: number, inboxId: number): Promise<string[]> {
    const links = await account.admin.api.get(`/contacts/${contactId}/contact_inboxes`);
    expect(links.status).toBe(200);
    return links.body.payload
      .filter((link: { inbox: { id: number } }) => link.inbox.id === inboxId)
      .map((link: { source_id: string }) => link.source_id);
  }

  it.each([
    ['a blank', { source_id: '' }],
    ['a missing', {}],
    ['a null', { source_id: null }],
    ['a whitespace', { source_id: '   ' }],
  ])("runs on the contact's existing link to the inbox for %s source_id", async (_what, sourceField) => {
    const inboxId = await knownInbox('Existing link');
    const contactId = await linkedContact(inboxId, 'crm-visitor-7');
    const created = await account.admin.api.post('/conversations', {
      inbox_id: inboxId,
      contact_id: contactId,
      ...sourceField,
    });
    expect(created.status).toBe(201);
    expect(created.body.contact_inbox).toEqual({
      contact_id: contactId,
      inbox_id: inboxId,
      source_id: 'crm-visitor-7',
    });
    expect(await linksTo(contactId, inboxId)).toEqual(['crm-visitor-7']);
  });

  it('links the contact to the inbox under a generated uuid when it has no link there, once', async () => {
    const { home, other, contactId } = await contactLinkedElsewhere('generated');
    const first = await account.admin.api.post('/conversations', {
      inbox_id: other,
      contact_id: contactId,
      source_id: '',
    });
    expect(first.status).toBe(201);
    const generated: string = first.body.contact_inbox.source_id;
    expect(generated).toMatch(UUID);
    expect(await linksTo(contactId, other)).toEqual([generated]);

    const second = await account.admin.api.post('/conversations', { inbox_id: other, contact_id: contactId });
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.body.contact_inbox.source_id).toBe(generated);
    expect(await linksTo(contactId, other)).toEqual([generated]);
    expect(await linksTo(contactId, home)).toEqual(['generated-visitor']);
  });

  it('makes one link for concurrent creates without a source_id', async () => {
    const { other, contactId } = await contactLinkedElsewhere('concurrent');
    const created = await Promise.all(
      [1, 2, 3].map(() => account.admin.api.post('/conversations', { inbox_id: other, contact_id: contactId })),
    );
    expect(created.map((response) => response.status)).toEqual([201, 201, 201]);
    const sourceIds = new Set(created.map((response) => response.body.contact_inbox.source_id));
    expect(sourceIds.size).toBe(1);
    expect(await linksTo(contactId, other)).toEqual([...sourceIds]);
  });

  it('keeps a given source_id as it is and makes no link for it', async () => {
    const { other, contactId } = await contactLinkedElsewhere('given');
    const created = await account.admin.api.post('/conversations', {
      inbox_id: other,
      contact_id: contactId,
      source_id: 'from-the-client',
    });
    expect(created.status).toBe(201);
    expect(created.body.contact_inbox.source_id).toBe('from-the-client');
    expect(await linksTo(contactId, other)).toEqual([]);
  });

  it('refuses an unknown inbox or contact with 422 and an inbox the agent does not serve with 403, making no link', async () => {
    const { other, contactId } = await contactLinkedElsewhere('refused');

    const noInbox = await account.admin.api.post('/conversations', { inbox_id: 2147483000, contact_id: contactId });
    expect(noInbox.status).toBe(422);
    expect(noInbox.body.attributes).toEqual(['inbox_id']);
    const noContact = await account.admin.api.post('/conversations', { inbox_id: other, contact_id: 2147483000 });
    expect(noContact.status).toBe(422);
    expect(noContact.body.attributes).toEqual(['contact_id']);
    // Known to messaging (from an event) but not to the contacts service: no link can be made.
    const unknownToContacts = await seedContact(account.id);
    const unlinkable = await account.admin.api.post('/conversations', {
      inbox_id: other,
      contact_id: unknownToContacts.id,
    });
    expect(unlinkable.status).toBe(422);
    expect(unlinkable.body.attributes).toEqual(['contact_id']);

    const agent = await account.addUser('agent');
    const denied = await agent.api.post('/conversations', { inbox_id: other, contact_id: contactId });
    expect(denied.status).toBe(403);
    expect(await linksTo(contactId, other)).toEqual([]);
  });

  it('accepts an opening message holding only template_params and sends it as a template', async () => {
    const inboxId = await knownInbox('Templates');
    const contactId = await linkedContact(inboxId, 'template-visitor');
    const template_params = {
      name: 'order_update',
      language: 'pt_BR',
      category: 'UTILITY',
      processed_params: { '1': 'Ana' },
    };
    const created = await account.admin.api.post('/conversations', {
      inbox_id: inboxId,
      contact_id: contactId,
      message: { template_params },
    });
    expect(created.status).toBe(201);
    expect(created.body.messages_count).toBe(1);
    expect(created.body.last_non_activity_message).toMatchObject({
      message_type: 'template',
      content: '',
      sender: { id: account.admin.id, type: 'user' },
    });

    const rendered = await account.admin.api.post('/conversations', {
      inbox_id: inboxId,
      contact_id: contactId,
      message: { content: 'Hi {{1}}', template_params },
    });
    expect(rendered.status).toBe(201);
    expect(rendered.body.last_non_activity_message).toMatchObject({ message_type: 'template', content: 'Hi Ana' });

    const invalid = await account.admin.api.post('/conversations', {
      inbox_id: inboxId,
      contact_id: contactId,
      message: { template_params: { name: 'x' } },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatch(/message\.template_params\.language/);
  });
});
