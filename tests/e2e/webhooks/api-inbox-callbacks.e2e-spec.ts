import { ConversationEvents } from '@parley/contracts';
import {
  createTestAccount,
  createWebhookEndpoint,
  deliveriesOfEvent,
  dispatcherConsumed,
  eventually,
  publishedEvents,
  seedContact,
  verifyParleySignature,
  type ReceivedRequest,
  type TestAccount,
  type WebhookEndpoint,
} from '@parley/testing';

const ACCOUNT_NAME = `Bridge Co ${Date.now()}`;

describe('API inbox callbacks', () => {
  let account: TestAccount;
  let endpoint: WebhookEndpoint;
  let inbox: { id: number; name: string; secret: string; channel_type: string };

  beforeAll(async () => {
    account = await createTestAccount(ACCOUNT_NAME);
    endpoint = await createWebhookEndpoint();
    const created = await account.admin.api.post('/inboxes', {
      name: 'Bridge',
      channel: { type: 'api', webhook_url: endpoint.url },
    });
    expect(created.status).toBe(201);
    inbox = created.body;
    expect(inbox).toMatchObject({ channel_type: 'Channel::Api', secret: expect.any(String) });
  });

  async function callback(
    select: (body: Record<string, any>) => boolean,
  ): Promise<{ request: ReceivedRequest; body: Record<string, any> }> {
    return eventually(
      async () => {
        const found = (await endpoint.requests())
          .map((request) => ({ request, body: JSON.parse(request.body) }))
          .filter(({ body }) => select(body));
        expect(found).toHaveLength(1);
        return found[0];
      },
      { timeoutMs: 15_000, description: 'An inbox callback' },
    );
  }

  it("posts the inbox's conversation, message and typing events in the flat form, signed with the inbox's secret", async () => {
    const contact = await seedContact(account.id, { name: 'Ada Lovelace' });
    const conversation = (
      await account.admin.api.post('/conversations', {
        source_id: 'bridge-user-1',
        inbox_id: inbox.id,
        contact_id: contact.id,
      })
    ).body;
    const incoming = (
      await account.admin.api.post(`/conversations/${conversation.id}/messages`, {
        content: 'Hi, I need help',
        message_type: 'incoming',
      })
    ).body;
    const reply = (
      await account.admin.api.post(`/conversations/${conversation.id}/messages`, { content: 'Happy to help' })
    ).body;
    await account.admin.api.post(`/conversations/${conversation.id}/toggle_typing_status`, { typing_status: 'on' });

    const created = await callback((body) => body.event === 'conversation_created' && body.id === conversation.id);
    expect(created.request.headers['x-parley-event']).toBe('conversation_created');
    expect(verifyParleySignature(inbox.secret, created.request)).toBe(true);
    expect(created.body).toMatchObject({
      id: conversation.id,
      inbox_id: inbox.id,
      status: 'open',
      contact_inbox: { contact_id: contact.id, inbox_id: inbox.id, source_id: 'bridge-user-1' },
      meta: { sender: { id: contact.id } },
    });
    expect(created.body).not.toHaveProperty('data');

    const customer = await callback((body) => body.event === 'message_created' && body.id === incoming.id);
    expect(verifyParleySignature(inbox.secret, customer.request)).toBe(true);
    expect(customer.body).toMatchObject({
      event: 'message_created',
      id: incoming.id,
      content: 'Hi, I need help',
      message_type: 'incoming',
      sender: { id: contact.id, type: 'contact', name: 'Ada Lovelace', email: contact.email },
      conversation: {
        id: conversation.id,
        contact_inbox: { source_id: 'bridge-user-1' },
        meta: { sender: { id: contact.id, name: 'Ada Lovelace' } },
      },
      inbox: { id: inbox.id, name: 'Bridge' },
      account: { id: account.id, name: ACCOUNT_NAME },
    });

    const agent = await callback((body) => body.event === 'message_created' && body.id === reply.id);
    expect(agent.body).toMatchObject({
      message_type: 'outgoing',
      content: 'Happy to help',
      sender: { id: account.admin.id, type: 'user' },
    });

    const typing = await callback(
      (body) => body.event === 'conversation_typing_on' && body.conversation?.id === conversation.id,
    );
    expect(typing.body.user).toMatchObject({ id: account.admin.id });
  });

  it("sends nothing to the callback for other inboxes' conversations", async () => {
    const widget = (
      await account.admin.api.post('/inboxes', {
        name: 'Site',
        channel: { type: 'web_widget', website_url: 'https://example.com' },
      })
    ).body;
    const contact = await seedContact(account.id);
    const conversation = (
      await account.admin.api.post('/conversations', { source_id: 'w-1', inbox_id: widget.id, contact_id: contact.id })
    ).body;
    const created = await eventually(async () => {
      const found = (await publishedEvents<{ conversation: { id: number } }>(ConversationEvents.created)).filter(
        (event) => event.account_id === account.id && event.data.conversation.id === conversation.id,
      );
      expect(found).toHaveLength(1);
      return found[0];
    });
    await dispatcherConsumed(created);
    expect(await deliveriesOfEvent(created.id)).toEqual([]);
  });

  it('leaves no delivery behind for an API inbox without a callback URL', async () => {
    const silent = (await account.admin.api.post('/inboxes', { name: 'No callback', channel: { type: 'api' } })).body;
    const contact = await seedContact(account.id);
    const conversation = (
      await account.admin.api.post('/conversations', {
        source_id: 'silent-1',
        inbox_id: silent.id,
        contact_id: contact.id,
      })
    ).body;
    const created = await eventually(async () => {
      const found = (await publishedEvents<{ conversation: { id: number } }>(ConversationEvents.created)).filter(
        (event) => event.account_id === account.id && event.data.conversation.id === conversation.id,
      );
      expect(found).toHaveLength(1);
      return found[0];
    });
    await dispatcherConsumed(created);
    expect(await deliveriesOfEvent(created.id)).toEqual([]);
  });
});
