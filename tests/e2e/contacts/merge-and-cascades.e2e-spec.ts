import { createTestAccount, eventually, type TestAccount } from '@parley/testing';

describe('merging contacts and what contact changes do elsewhere', () => {
  let account: TestAccount;
  let inbox: number;

  beforeAll(async () => {
    account = await createTestAccount();
    inbox = (
      await account.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' }, enable_auto_assignment: false })
    ).body.id;
  });

  const contact = async (body: Record<string, unknown>) =>
    (await account.admin.api.post('/contacts', { inbox_id: inbox, ...body })).body.payload.contact as { id: number };
  const conversation = async (contactId: number) => {
    const response = await account.admin.api.post('/conversations', {
      source_id: 's',
      inbox_id: inbox,
      contact_id: contactId,
    });
    expect(response.status).toBe(201);
    return response.body as { id: number };
  };

  it('merges: base values win, blanks filled, attributes, notes and conversations move, the mergee is gone', async () => {
    const base = await contact({ name: 'Base', email: 'base@example.com', additional_attributes: { city: 'Porto' } });
    const mergee = await contact({
      name: 'Mergee',
      phone_number: '+351910000001',
      identifier: 'm-1',
      additional_attributes: { city: 'Faro', company_name: 'Acme' },
    });
    await account.admin.api.post(`/contacts/${mergee.id}/notes`, { content: 'note of the mergee' });
    await account.admin.api.post(`/contacts/${mergee.id}/labels`, { labels: ['lead'] });
    const talk = await conversation(mergee.id);

    const merged = await account.admin.api.post('/actions/contact_merge', {
      base_contact_id: base.id,
      mergee_contact_id: mergee.id,
    });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({
      id: base.id,
      name: 'Base',
      email: 'base@example.com',
      phone_number: '+351910000001',
      identifier: 'm-1',
      additional_attributes: { city: 'Porto', company_name: 'Acme' },
    });
    expect((await account.admin.api.get(`/contacts/${mergee.id}`)).status).toBe(404);
    expect(
      (await account.admin.api.get(`/contacts/${base.id}/notes`)).body.map((note: { content: string }) => note.content),
    ).toEqual(['note of the mergee']);
    expect((await account.admin.api.get(`/contacts/${base.id}/labels`)).body.payload).toEqual(['lead']);
    await eventually(async () => {
      const conversations = (await account.admin.api.get(`/contacts/${base.id}/conversations`)).body.payload;
      expect(conversations.map((c: { id: number }) => c.id)).toEqual([talk.id]);
    });
  });

  it('refuses merging a contact into itself, or across accounts (422)', async () => {
    const one = await contact({ name: 'One' });
    const self = await account.admin.api.post('/actions/contact_merge', {
      base_contact_id: one.id,
      mergee_contact_id: one.id,
    });
    expect(self.status).toBe(422);
    const other = await createTestAccount();
    const otherInbox = (await other.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' } })).body.id;
    const response = await other.admin.api.post('/contacts', { inbox_id: otherInbox, name: 'Foreign' });
    expect(response.status).toBe(201);
    const foreign: number = response.body.payload.contact.id;
    const across = await account.admin.api.post('/actions/contact_merge', {
      base_contact_id: one.id,
      mergee_contact_id: foreign,
    });
    expect(across.status).toBe(422);
    expect(across.body.attributes).toEqual(['mergee_contact_id']);
    expect((await account.admin.api.get(`/contacts/${one.id}`)).status).toBe(200);
  });

  it("removes a deleted contact's conversations", async () => {
    const doomed = await contact({ name: 'Doomed' });
    const talk = await conversation(doomed.id);
    expect((await account.admin.api.delete(`/contacts/${doomed.id}`)).status).toBe(204);
    await eventually(async () => expect((await account.admin.api.get(`/conversations/${talk.id}`)).status).toBe(404));
  });

  it('keeps a blocked contact from starting conversations, until unblocked', async () => {
    const blocked = await contact({ name: 'Blocked' });
    await account.admin.api.post(`/contacts/${blocked.id}/block`);
    // Not at once: until the block reaches messaging's copy of the contact, it is not known there.
    await eventually(async () => {
      const refused = await account.admin.api.post('/conversations', {
        source_id: 's',
        inbox_id: inbox,
        contact_id: blocked.id,
      });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatch(/blocked/);
    });
    await account.admin.api.post(`/contacts/${blocked.id}/unblock`);
    await conversation(blocked.id);
  });

  it('drops a deleted label from contacts and erases the values of a deleted attribute definition', async () => {
    const label = (await account.admin.api.post('/labels', { title: 'temporary-tag' })).body;
    const definition = (
      await account.admin.api.post('/custom_attribute_definitions', {
        attribute_display_name: 'Legacy Code',
        attribute_display_type: 'text',
        attribute_model: 1,
      })
    ).body;
    const subject = await contact({ name: 'Tagged', custom_attributes: { legacy_code: 'X1', other: 'kept' } });
    await account.admin.api.post(`/contacts/${subject.id}/labels`, { labels: ['temporary-tag', 'kept-tag'] });
    await account.admin.api.delete(`/labels/${label.id}`);
    await account.admin.api.delete(`/custom_attribute_definitions/${definition.id}`);
    await eventually(async () => {
      expect((await account.admin.api.get(`/contacts/${subject.id}/labels`)).body.payload).toEqual(['kept-tag']);
      expect((await account.admin.api.get(`/contacts/${subject.id}`)).body.payload.custom_attributes).toEqual({
        other: 'kept',
      });
    });
  });

  it("records a contact's last activity from its conversations' messages", async () => {
    const active = await contact({ name: 'Active' });
    const talk = await conversation(active.id);
    await account.admin.api.post(`/conversations/${talk.id}/messages`, { content: 'hi', message_type: 'incoming' });
    await eventually(async () =>
      expect((await account.admin.api.get(`/contacts/${active.id}`)).body.payload.last_activity_at).toEqual(
        expect.any(Number),
      ),
    );
  });
});
