import { ConversationEvents } from '@parley/contracts';
import {
  createTestAccount,
  eventually,
  publishedEvents,
  publishEvent,
  seedContact,
  waitForContactView,
  type TestAccount,
} from '@parley/testing';

describe('creating and showing conversations', () => {
  let account: TestAccount;
  let inboxId: number;

  beforeAll(async () => {
    account = await createTestAccount();
    inboxId = (
      await account.admin.api.post('/inboxes', {
        name: 'Web',
        channel: { type: 'web_widget', website_url: 'https://shop.example.com' },
      })
    ).body.id;
  });

  it('creates a conversation (201) numbered per account, with its contact as sender', async () => {
    const contact = await seedContact(account.id, { name: 'Maria', phone_number: '+5511999990000' });
    const created = await account.admin.api.post('/conversations', {
      source_id: 'visitor-1',
      inbox_id: inboxId,
      contact_id: contact.id,
      additional_attributes: { browser_language: 'pt-BR' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: created.body.display_id,
      account_id: account.id,
      inbox_id: inboxId,
      contact_id: contact.id,
      status: 'open',
      assignee_id: null,
      team_id: null,
      priority: null,
      labels: [],
      muted: false,
      messages_count: 0,
      unread_count: 0,
      can_reply: true,
      additional_attributes: { browser_language: 'pt-BR' },
      custom_attributes: {},
      contact_inbox: { contact_id: contact.id, inbox_id: inboxId, source_id: 'visitor-1' },
      meta: {
        sender: { id: contact.id, name: 'Maria', phone_number: '+5511999990000', blocked: false },
        assignee: null,
        team: null,
        channel: 'Channel::WebWidget',
      },
      messages: [],
      last_non_activity_message: null,
    });
    const second = await account.admin.api.post('/conversations', {
      source_id: 'visitor-1b',
      inbox_id: inboxId,
      contact_id: contact.id,
      status: 'pending',
    });
    expect(second.body.display_id).toBe(created.body.display_id + 1);
    expect(second.body.status).toBe('pending');

    const other = await createTestAccount();
    const otherInbox = (await other.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' } })).body.id;
    const otherContact = await seedContact(other.id);
    const first = await other.admin.api.post('/conversations', {
      source_id: 'x',
      inbox_id: otherInbox,
      contact_id: otherContact.id,
    });
    expect(first.body.display_id).toBe(1);

    await eventually(async () => {
      const events = (
        await publishedEvents<{ conversation: { display_id: number; account_id: number } }>(ConversationEvents.created)
      ).filter(
        (event) =>
          event.data.conversation.account_id === account.id &&
          event.data.conversation.display_id === created.body.display_id,
      );
      expect(events).toHaveLength(1);
    });
  });

  it('starts with an initial message and shows it in the detail', async () => {
    const contact = await seedContact(account.id);
    const created = await account.admin.api.post('/conversations', {
      source_id: 'visitor-2',
      inbox_id: inboxId,
      contact_id: contact.id,
      message: { content: 'Hello, I need help', message_type: 'incoming' },
    });
    expect(created.status).toBe(201);
    expect(created.body.messages_count).toBe(1);
    expect(created.body.unread_count).toBe(1);
    expect(created.body.last_non_activity_message).toMatchObject({
      content: 'Hello, I need help',
      message_type: 'incoming',
      sender: { id: contact.id, type: 'contact' },
    });
    const shown = await account.admin.api.get(`/conversations/${created.body.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.messages).toHaveLength(1);
    expect(shown.body.messages[0].content).toBe('Hello, I need help');
    expect(shown.body.waiting_since).toEqual(expect.any(Number));
  });

  it('lists a conversation as its detail shows it, without the messages', async () => {
    const contact = await seedContact(account.id, { name: 'Listed Lena', email: 'lena@example.com' });
    const teamId = (await account.admin.api.post('/teams', { name: 'Listed team' })).body.id;
    const created = await account.admin.api.post('/conversations', {
      source_id: 'listed-1',
      inbox_id: inboxId,
      contact_id: contact.id,
      assignee_id: account.admin.id,
      team_id: teamId,
      priority: 'high',
      additional_attributes: { browser_language: 'de' },
    });
    const id = created.body.id;
    await account.admin.api.post(`/conversations/${id}/labels`, { labels: ['listed'] });
    const form = new FormData();
    form.append('content', 'Your invoice');
    form.append('attachments[]', new Blob([Buffer.from('%PDF-1.4 test')], { type: 'application/pdf' }), 'invoice.pdf');
    expect((await account.admin.api.post(`/conversations/${id}/messages`, undefined, { form })).status).toBe(201);
    const snoozedUntil = new Date(Date.now() + 86_400_000).toISOString();
    await account.admin.api.post(`/conversations/${id}/toggle_status`, {
      status: 'snoozed',
      snoozed_until: snoozedUntil,
    });

    const shown = (await account.admin.api.get(`/conversations/${id}`)).body;
    const listed = (await account.admin.api.get('/conversations?status=snoozed')).body.data.payload.find(
      (conversation: { id: number }) => conversation.id === id,
    );
    // A file's link is signed with an expiry counted from when it is read.
    const unsigned = (conversation: { last_non_activity_message: { attachments: Array<Record<string, string>> } }) => {
      for (const attachment of conversation.last_non_activity_message.attachments) {
        attachment.data_url = attachment.data_url.split('?')[0];
        attachment.thumb_url = attachment.thumb_url?.split('?')[0];
      }
      return conversation;
    };
    expect(shown).toMatchObject({
      status: 'snoozed',
      snoozed_until: Math.floor(Date.parse(snoozedUntil) / 1000),
      labels: ['listed'],
      meta: { team: { id: teamId }, assignee: { id: account.admin.id }, sender: { email: 'lena@example.com' } },
      last_non_activity_message: { content: 'Your invoice', attachments: [{ file_type: 'file' }] },
    });
    expect(unsigned(listed)).toEqual({ ...unsigned(shown), messages: [] });
  });

  it.each([
    [{ inbox_id: 2147483000 }, 'inbox_id'],
    [{ contact_id: 2147483000 }, 'contact_id'],
  ])('refuses an unknown %j with 422', async (override, attribute) => {
    const contact = await seedContact(account.id);
    const response = await account.admin.api.post('/conversations', {
      source_id: 's',
      inbox_id: inboxId,
      contact_id: contact.id,
      ...override,
    });
    expect(response.status).toBe(422);
    expect(response.body.attributes).toEqual([attribute]);
  });

  it("refuses another account's contact and a blocked contact with 422", async () => {
    const other = await createTestAccount();
    const foreign = await seedContact(other.id);
    expect(
      (await account.admin.api.post('/conversations', { source_id: 's', inbox_id: inboxId, contact_id: foreign.id }))
        .status,
    ).toBe(422);

    // Blocked at the contacts service (which messaging asks before it refuses), and known so in messaging's copy.
    const blocked = (await account.admin.api.post('/contacts', { inbox_id: inboxId, name: 'Blocked' })).body.payload
      .contact;
    expect((await account.admin.api.post(`/contacts/${blocked.id}/block`)).status).toBe(200);
    await waitForContactView(blocked.id, (row) => row?.blocked === true);
    const refused = await account.admin.api.post('/conversations', {
      source_id: 's',
      inbox_id: inboxId,
      contact_id: blocked.id,
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      error: 'Contact is blocked and cannot start conversations',
      attributes: ['contact_id'],
    });

    // Blocked only in messaging's copy (an event the contacts service never sent): the owner's word wins.
    const stale = await seedContact(account.id);
    await publishEvent('contacts.contact.blocked', account.id, {
      contact: { ...stale, blocked: true, updated_at: stale.updated_at + 1 },
    });
    await waitForContactView(stale.id, (row) => row?.blocked === true);
    const unknown = await account.admin.api.post('/conversations', {
      source_id: 's',
      inbox_id: inboxId,
      contact_id: stale.id,
    });
    expect(unknown.body).toEqual({ error: 'Contact does not exist', attributes: ['contact_id'] });
  });

  it.each([[{ inbox_id: 'abc' }], [{ source_id: 5 }], [{ status: 'resolved' }], [{ custom_attributes: 'x' }]])(
    'refuses the malformed %j with 400',
    async (override) => {
      const contact = await seedContact(account.id);
      const response = await account.admin.api.post('/conversations', {
        source_id: 's',
        inbox_id: inboxId,
        contact_id: contact.id,
        ...override,
      });
      expect(response.status).toBe(400);
    },
  );

  it('answers 404 for an unknown conversation and for one of another account', async () => {
    expect((await account.admin.api.get('/conversations/999999')).status).toBe(404);
    const other = await createTestAccount();
    const otherInbox = (await other.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' } })).body.id;
    const theirs = (
      await other.admin.api.post('/conversations', {
        source_id: 'x',
        inbox_id: otherInbox,
        contact_id: (await seedContact(other.id)).id,
      })
    ).body;
    const mine = await account.admin.api.get(`/conversations/${theirs.id + 1000}`);
    expect(mine.status).toBe(404);
  });

  it('lets agents reach only conversations of their inboxes', async () => {
    const agent = await account.addUser('agent');
    const ownInbox = (await account.admin.api.post('/inboxes', { name: 'Own', channel: { type: 'api' } })).body.id;
    await account.admin.api.post(`/inboxes/${ownInbox}/inbox_members`, { user_ids: [agent.id] });
    const contact = await seedContact(account.id);
    const visible = (
      await account.admin.api.post('/conversations', { source_id: 'a', inbox_id: ownInbox, contact_id: contact.id })
    ).body;
    const hidden = (
      await account.admin.api.post('/conversations', { source_id: 'b', inbox_id: inboxId, contact_id: contact.id })
    ).body;

    expect((await agent.api.get(`/conversations/${visible.id}`)).status).toBe(200);
    const forbidden = await agent.api.get(`/conversations/${hidden.id}`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ error: 'You do not have access to this conversation' });
    expect((await agent.api.post(`/conversations/${hidden.id}/toggle_status`, {})).status).toBe(403);
    expect(
      (await agent.api.post('/conversations', { source_id: 'c', inbox_id: inboxId, contact_id: contact.id })).status,
    ).toBe(403);

    const listed = await agent.api.get('/conversations?status=all');
    const ids = listed.body.data.payload.map((conversation: { id: number }) => conversation.id);
    expect(ids).toContain(visible.id);
    expect(ids).not.toContain(hidden.id);
  });
});
