import { ConversationEvents } from '@parley/contracts';
import {
  createTestAccount,
  eventually,
  mailsTo,
  publishedEvents,
  seedContact,
  type TestAccount,
} from '@parley/testing';

describe('conversation actions', () => {
  let account: TestAccount;
  let inboxId: number;

  beforeAll(async () => {
    account = await createTestAccount();
    inboxId = (
      await account.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' }, enable_auto_assignment: false })
    ).body.id;
  });

  async function conversation() {
    const contact = await seedContact(account.id, { name: 'Carla' });
    return (
      await account.admin.api.post('/conversations', { source_id: 's', inbox_id: inboxId, contact_id: contact.id })
    ).body as { id: number };
  }

  const show = async (id: number) => (await account.admin.api.get(`/conversations/${id}`)).body;

  it('sets and clears the priority', async () => {
    const { id } = await conversation();
    const set = await account.admin.api.post(`/conversations/${id}/toggle_priority`, { priority: 'urgent' });
    expect(set.status).toBe(200);
    expect(set.body.priority).toBe('urgent');
    expect(
      (await account.admin.api.post(`/conversations/${id}/toggle_priority`, { priority: null })).body.priority,
    ).toBeNull();
    expect(
      (await account.admin.api.post(`/conversations/${id}/toggle_priority`, { priority: 'critical' })).status,
    ).toBe(400);
  });

  it('replaces labels (204) and lists them', async () => {
    const { id } = await conversation();
    expect(
      (await account.admin.api.post(`/conversations/${id}/labels`, { labels: ['Billing', 'vip', 'vip'] })).status,
    ).toBe(204);
    expect((await account.admin.api.get(`/conversations/${id}/labels`)).body).toEqual({ payload: ['billing', 'vip'] });
    await account.admin.api.post(`/conversations/${id}/labels`, { labels: ['support'] });
    expect((await account.admin.api.get(`/conversations/${id}/labels`)).body).toEqual({ payload: ['support'] });
    expect((await account.admin.api.post(`/conversations/${id}/labels`, { labels: ['two words'] })).status).toBe(422);
    expect((await account.admin.api.post(`/conversations/${id}/labels`, { labels: 'vip' })).status).toBe(400);
  });

  it('removes a deleted label from every conversation, and follows a renamed one', async () => {
    const label = (await account.admin.api.post('/labels', { title: 'doomed' })).body;
    const renamed = (await account.admin.api.post('/labels', { title: 'old-name' })).body;
    const { id } = await conversation();
    await account.admin.api.post(`/conversations/${id}/labels`, { labels: ['doomed', 'old-name', 'kept'] });
    expect((await account.admin.api.delete(`/labels/${label.id}`)).status).toBe(204);
    await account.admin.api.patch(`/labels/${renamed.id}`, { title: 'new-name' });
    await eventually(async () => expect((await show(id)).labels).toEqual(['kept', 'new-name']));
  });

  it('sets custom attributes checked against the definitions, and erases a deleted definition', async () => {
    const definition = (
      await account.admin.api.post('/custom_attribute_definitions', {
        attribute_display_name: 'Tier',
        attribute_display_type: 'list',
        attribute_model: 0,
        attribute_values: ['gold', 'silver'],
      })
    ).body;
    const { id } = await conversation();
    const set = await account.admin.api.post(`/conversations/${id}/custom_attributes`, {
      custom_attributes: { tier: 'gold', note: 'free text' },
    });
    expect(set.status).toBe(200);
    expect(set.body.custom_attributes).toEqual({ tier: 'gold', note: 'free text' });
    const invalid = await account.admin.api.post(`/conversations/${id}/custom_attributes`, {
      custom_attributes: { tier: 'bronze' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toEqual({
      error: 'Tier must be one of: gold, silver',
      attributes: ['custom_attributes.tier'],
    });
    expect(
      (await account.admin.api.post(`/conversations/${id}/custom_attributes`, { custom_attributes: { note: null } }))
        .body.custom_attributes,
    ).toEqual({ tier: 'gold' });
    expect(
      (await account.admin.api.post(`/conversations/${id}/custom_attributes`, { custom_attributes: 'tier' })).status,
    ).toBe(400);

    expect((await account.admin.api.delete(`/custom_attribute_definitions/${definition.id}`)).status).toBe(204);
    await eventually(async () => expect((await show(id)).custom_attributes).toEqual({}));
  });

  it('counts unread incoming messages until the agent has seen the conversation', async () => {
    const { id } = await conversation();
    await account.admin.api.post(`/conversations/${id}/messages`, { content: 'one', message_type: 'incoming' });
    await account.admin.api.post(`/conversations/${id}/messages`, { content: 'two', message_type: 'incoming' });
    expect((await show(id)).unread_count).toBe(2);
    const seen = await account.admin.api.post(`/conversations/${id}/update_last_seen`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ unread_count: 0, agent_last_seen_at: expect.any(Number) });
  });

  it('publishes typing on and off', async () => {
    const { id } = await conversation();
    expect(
      (await account.admin.api.post(`/conversations/${id}/toggle_typing_status`, { typing_status: 'on' })).status,
    ).toBe(200);
    await account.admin.api.post(`/conversations/${id}/toggle_typing_status`, { typing_status: 'off' });
    expect(
      (await account.admin.api.post(`/conversations/${id}/toggle_typing_status`, { typing_status: 'maybe' })).status,
    ).toBe(400);
    const mine = async (type: string) =>
      (await publishedEvents<{ conversation: { id: number; account_id: number }; user: { id: number } }>(type)).filter(
        (event) => event.data.conversation.account_id === account.id && event.data.conversation.id === id,
      );
    await eventually(async () => {
      expect((await mine(ConversationEvents.typingOn)).map((event) => event.data.user.id)).toEqual([account.admin.id]);
      expect(await mine(ConversationEvents.typingOff)).toHaveLength(1);
    });
  });

  it('e-mails a transcript without private notes', async () => {
    const { id } = await conversation();
    await account.admin.api.post(`/conversations/${id}/messages`, {
      content: 'My router is broken',
      message_type: 'incoming',
    });
    await account.admin.api.post(`/conversations/${id}/messages`, {
      content: 'Try turning it off and on',
      private: false,
    });
    await account.admin.api.post(`/conversations/${id}/messages`, { content: 'secret internal note', private: true });
    const address = `transcript-${id}-${account.id}@example.com`;
    expect((await account.admin.api.post(`/conversations/${id}/transcript`, { email: address })).status).toBe(200);
    const [mail] = await eventually(async () => {
      const mails = await mailsTo(address);
      expect(mails).toHaveLength(1);
      return mails;
    });
    expect(mail.subject).toBe(`Transcript of conversation #${id}`);
    expect(mail.text).toContain('Carla: My router is broken');
    expect(mail.text).toContain('Try turning it off and on');
    expect(mail.text).not.toContain('secret internal note');
    expect((await account.admin.api.post(`/conversations/${id}/transcript`, { email: 'nope' })).status).toBe(422);
  });
});
