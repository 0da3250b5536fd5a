import { ConversationEvents } from '@parley/contracts';
import {
  createTestAccount,
  eventually,
  publishedEvents,
  restartService,
  seedContact,
  type TestAccount,
} from '@parley/testing';

describe('conversation status', () => {
  let account: TestAccount;
  let inboxId: number;

  beforeAll(async () => {
    account = await createTestAccount();
    inboxId = (
      await account.admin.api.post('/inboxes', {
        name: 'Web',
        channel: { type: 'web_widget', website_url: 'https://example.com' },
        enable_auto_assignment: false,
      })
    ).body.id;
    await account.admin.api.patch(`/inboxes/${inboxId}`, { enable_auto_assignment: false });
  });

  async function conversation(body: Record<string, unknown> = {}) {
    const contact = await seedContact(account.id);
    const created = await account.admin.api.post('/conversations', {
      source_id: 's',
      inbox_id: inboxId,
      contact_id: contact.id,
      ...body,
    });
    expect(created.status).toBe(201);
    return created.body as { id: number; status: string };
  }

  const toggle = (id: number, body: Record<string, unknown> = {}) =>
    account.admin.api.post(`/conversations/${id}/toggle_status`, body);
  const activities = async (id: number) =>
    (await account.admin.api.get(`/conversations/${id}/messages`)).body.payload
      .filter((message: { message_type: string }) => message.message_type === 'activity')
      .map((message: { content: string }) => message.content);

  it('toggles open ↔ resolved without a status and answers the new state', async () => {
    const { id } = await conversation();
    const resolved = await toggle(id);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toEqual({
      meta: {},
      payload: { success: true, conversation_id: id, current_status: 'resolved', snoozed_until: null },
    });
    expect((await toggle(id)).body.payload.current_status).toBe('open');
    expect(await activities(id)).toEqual([
      expect.stringMatching(/^Conversation was marked resolved by /),
      expect.stringMatching(/^Conversation was reopened by /),
    ]);
  });

  it('moves pending and snoozed conversations to open when toggled without a status', async () => {
    const pending = await conversation({ status: 'pending' });
    expect((await toggle(pending.id)).body.payload.current_status).toBe('open');
    const snoozed = await conversation();
    await toggle(snoozed.id, { status: 'snoozed' });
    expect((await toggle(snoozed.id)).body.payload.current_status).toBe('open');
  });

  it('sets an explicit status and refuses an unknown one', async () => {
    const { id } = await conversation();
    expect((await toggle(id, { status: 'pending' })).body.payload.current_status).toBe('pending');
    expect((await toggle(id, { status: 'closed' })).status).toBe(400);
  });

  it('publishes status_changed, resolved and opened (also on reopen)', async () => {
    const { id } = await conversation();
    await toggle(id, { status: 'resolved' });
    await toggle(id, { status: 'open' });
    const mine = async (type: string) =>
      (await publishedEvents<{ conversation: { id: number; account_id: number } }>(type)).filter(
        (event) => event.data.conversation.account_id === account.id && event.data.conversation.id === id,
      );
    await eventually(async () => {
      expect(await mine(ConversationEvents.resolved)).toHaveLength(1);
      expect(await mine(ConversationEvents.opened)).toHaveLength(2); // created open, then reopened
      const changes = await mine(ConversationEvents.statusChanged);
      expect(changes.map((event) => (event.data as unknown as { previous_status: string }).previous_status)).toEqual([
        'open',
        'resolved',
      ]);
      const updated = await mine(ConversationEvents.updated);
      expect(updated.length).toBeGreaterThanOrEqual(2);
    });
  });

  it('snoozes until a time (ISO 8601 or Unix seconds), refusing a time in the past', async () => {
    const { id } = await conversation();
    const until = Math.floor(Date.now() / 1000) + 3600;
    const snoozed = await toggle(id, { status: 'snoozed', snoozed_until: until });
    expect(snoozed.body.payload).toMatchObject({ current_status: 'snoozed', snoozed_until: until });
    const iso = await toggle(id, { status: 'snoozed', snoozed_until: new Date(Date.now() + 7_200_000).toISOString() });
    expect(iso.body.payload.snoozed_until).toBeGreaterThan(until);
    const past = await toggle(id, { status: 'snoozed', snoozed_until: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(422);
    expect(past.body.attributes).toEqual(['snoozed_until']);
  });

  it('wakes a snoozed conversation at its time, even across a restart of messaging', async () => {
    const { id } = await conversation();
    const soon = new Date(Date.now() + 3000).toISOString();
    expect((await toggle(id, { status: 'snoozed', snoozed_until: soon })).body.payload.current_status).toBe('snoozed');
    await restartService('messaging', { signal: 'SIGKILL' });
    await eventually(
      async () => expect((await account.admin.api.get(`/conversations/${id}`)).body.status).toBe('open'),
      { timeoutMs: 15_000 },
    );
    expect((await account.admin.api.get(`/conversations/${id}`)).body.snoozed_until).toBeNull();
    expect(await activities(id)).toContain('Conversation was reopened: the snooze time is over');
  });

  it('wakes an open-ended snooze on the next incoming message, but not a timed one', async () => {
    const openEnded = await conversation();
    await toggle(openEnded.id, { status: 'snoozed' });
    await account.admin.api.post(`/conversations/${openEnded.id}/messages`, {
      content: 'Are you there?',
      message_type: 'incoming',
    });
    expect((await account.admin.api.get(`/conversations/${openEnded.id}`)).body.status).toBe('open');

    const timed = await conversation();
    await toggle(timed.id, { status: 'snoozed', snoozed_until: Math.floor(Date.now() / 1000) + 3600 });
    await account.admin.api.post(`/conversations/${timed.id}/messages`, {
      content: 'Hello?',
      message_type: 'incoming',
    });
    expect((await account.admin.api.get(`/conversations/${timed.id}`)).body.status).toBe('snoozed');
  });

  it('reopens a resolved conversation on an incoming message only when the inbox allows it', async () => {
    const allowed = await conversation();
    await toggle(allowed.id, { status: 'resolved' });
    await account.admin.api.post(`/conversations/${allowed.id}/messages`, {
      content: 'One more thing',
      message_type: 'incoming',
    });
    expect((await account.admin.api.get(`/conversations/${allowed.id}`)).body.status).toBe('open');
    expect(await activities(allowed.id)).toContain('Conversation was reopened by a new incoming message');

    const strictInbox = (
      await account.admin.api.post('/inboxes', {
        name: 'Strict',
        channel: { type: 'api' },
        allow_messages_after_resolved: false,
      })
    ).body.id;
    const contact = await seedContact(account.id);
    const strict = (
      await account.admin.api.post('/conversations', { source_id: 's', inbox_id: strictInbox, contact_id: contact.id })
    ).body;
    await toggle(strict.id, { status: 'resolved' });
    await account.admin.api.post(`/conversations/${strict.id}/messages`, {
      content: 'Hello again',
      message_type: 'incoming',
    });
    expect((await account.admin.api.get(`/conversations/${strict.id}`)).body.status).toBe('resolved');
  });

  it('keeps a muted resolved conversation resolved on an incoming message', async () => {
    const { id } = await conversation();
    await toggle(id, { status: 'resolved' });
    expect((await account.admin.api.post(`/conversations/${id}/mute`)).body.muted).toBe(true);
    await account.admin.api.post(`/conversations/${id}/messages`, { content: 'ping', message_type: 'incoming' });
    expect((await account.admin.api.get(`/conversations/${id}`)).body.status).toBe('resolved');
    expect((await account.admin.api.post(`/conversations/${id}/unmute`)).body.muted).toBe(false);
  });
});
