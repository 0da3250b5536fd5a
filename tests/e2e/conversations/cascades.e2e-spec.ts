import {
  createTestAccount,
  eventually,
  publishEvent,
  seedContact,
  waitForContactView,
  type TestAccount,
} from '@parley/testing';

describe('what happens to conversations when things around them go', () => {
  let account: TestAccount;

  beforeAll(async () => {
    account = await createTestAccount();
  });

  const newInbox = async () =>
    (await account.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' }, enable_auto_assignment: false }))
      .body.id as number;

  it('deletes the conversations (and messages) of a deleted inbox', async () => {
    const inboxId = await newInbox();
    const contact = await seedContact(account.id);
    const conversation = (
      await account.admin.api.post('/conversations', { source_id: 's', inbox_id: inboxId, contact_id: contact.id })
    ).body;
    await account.admin.api.post(`/conversations/${conversation.id}/messages`, { content: 'hello' });
    expect((await account.admin.api.delete(`/inboxes/${inboxId}`)).status).toBe(204);
    expect((await account.admin.api.get(`/conversations/${conversation.id}`)).status).toBe(404);
  });

  it('removes the conversations of a deleted contact', async () => {
    const inboxId = await newInbox();
    const contact = await seedContact(account.id);
    const conversation = (
      await account.admin.api.post('/conversations', { source_id: 's', inbox_id: inboxId, contact_id: contact.id })
    ).body;
    await publishEvent('contacts.contact.deleted', account.id, { contact });
    await eventually(async () =>
      expect((await account.admin.api.get(`/conversations/${conversation.id}`)).status).toBe(404),
    );
    // A late update does not bring the contact back.
    await publishEvent('contacts.contact.updated', account.id, {
      contact: { ...contact, name: 'Ghost' },
      changed_attributes: [],
    });
    await waitForContactView(contact.id, (row) => row?.deleted === true);
    expect(
      (await account.admin.api.post('/conversations', { source_id: 's', inbox_id: inboxId, contact_id: contact.id }))
        .status,
    ).toBe(422);
  });

  it("moves a merged contact's conversations to the base contact", async () => {
    const inboxId = await newInbox();
    const base = await seedContact(account.id, { name: 'Base' });
    const mergee = await seedContact(account.id, { name: 'Mergee' });
    const conversation = (
      await account.admin.api.post('/conversations', { source_id: 's', inbox_id: inboxId, contact_id: mergee.id })
    ).body;
    await publishEvent('contacts.contact.merged', account.id, {
      contact: { ...base, updated_at: base.updated_at + 1 },
      mergee_id: mergee.id,
    });
    await eventually(async () => {
      const moved = (await account.admin.api.get(`/conversations/${conversation.id}`)).body;
      expect(moved).toMatchObject({ contact_id: base.id, meta: { sender: { id: base.id, name: 'Base' } } });
    });
  });

  it('shows the new name of a contact updated elsewhere', async () => {
    const inboxId = await newInbox();
    const contact = await seedContact(account.id, { name: 'Before' });
    const conversation = (
      await account.admin.api.post('/conversations', { source_id: 's', inbox_id: inboxId, contact_id: contact.id })
    ).body;
    await publishEvent('contacts.contact.updated', account.id, {
      contact: { ...contact, name: 'After' },
      changed_attributes: [{ name: { previous_value: 'Before', current_value: 'After' } }],
    });
    await eventually(async () =>
      expect((await account.admin.api.get(`/conversations/${conversation.id}`)).body.meta.sender.name).toBe('After'),
    );
  });
});
