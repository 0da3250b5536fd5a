import {
  createTestAccount,
  createWebhookEndpoint,
  eventually,
  verifyParleySignature,
  type TestAccount,
  type WebhookEndpoint,
} from '@parley/testing';

/**
 * The webhook dispatcher names accounts and inboxes from its copy of messaging's, and asks
 * messaging where an API inbox's callbacks go: an account, inbox or callback URL of a moment
 * ago must show in (and receive) the very next callbacks.
 */
describe('read your writes: webhook dispatcher → accounts and API inboxes', () => {
  const ITERATIONS = 20;
  let endpoint: WebhookEndpoint;

  beforeAll(async () => {
    endpoint = await createWebhookEndpoint();
  });

  /** The message_created callbacks that reached the endpoint, by content. */
  async function callbacks(
    contents: string[],
  ): Promise<Map<string, { body: Record<string, any>; verified: (secret: string) => boolean }>> {
    return eventually(
      async () => {
        const received = new Map<string, { body: Record<string, any>; verified: (secret: string) => boolean }>();
        for (const request of await endpoint.requests()) {
          const body = JSON.parse(request.body);
          if (body.event === 'message_created' && contents.includes(body.content))
            received.set(body.content, { body, verified: (secret) => verifyParleySignature(secret, request) });
        }
        expect([...received.keys()].sort()).toEqual([...contents].sort());
        return received;
      },
      { timeoutMs: 30_000, description: 'The callbacks of every iteration' },
    );
  }

  /** Contact, conversation and an incoming message in the inbox, back to back. */
  async function talk(account: TestAccount, inbox: number, content: string): Promise<void> {
    const contact = await account.admin.api.post('/contacts', { inbox_id: inbox, name: 'Caller' });
    expect(contact.status).toBe(201);
    const conversation = await account.admin.api.post('/conversations', {
      inbox_id: inbox,
      contact_id: contact.body.payload.contact.id,
      source_id: contact.body.payload.contact_inbox.source_id,
    });
    expect(conversation.status).toBe(201);
    expect(
      (
        await account.admin.api.post(`/conversations/${conversation.body.id}/messages`, {
          content,
          message_type: 'incoming',
        })
      ).status,
    ).toBe(201);
  }

  it(`calls back a new account's new API inbox at once, with both names (${ITERATIONS} times)`, async () => {
    const sent: Array<{ content: string; accountId: number; accountName: string; inboxId: number; secret: string }> =
      [];
    for (let i = 0; i < ITERATIONS; i++) {
      const accountName = `Bridge Co ${i} ${Date.now()}`;
      const account = await createTestAccount(accountName);
      const inbox = await account.admin.api.post('/inboxes', {
        name: `Bridge ${i}`,
        channel: { type: 'api', webhook_url: endpoint.url },
      });
      expect(inbox.status).toBe(201);
      const content = `new inbox ${i} ${accountName}`;
      await talk(account, inbox.body.id, content);
      sent.push({ content, accountId: account.id, accountName, inboxId: inbox.body.id, secret: inbox.body.secret });
    }
    const received = await callbacks(sent.map((item) => item.content));
    sent.forEach((item, i) => {
      const callback = received.get(item.content)!;
      expect(callback.body).toMatchObject({
        inbox: { id: item.inboxId, name: `Bridge ${i}` },
        account: { id: item.accountId, name: item.accountName },
      });
      expect(callback.verified(item.secret)).toBe(true);
    });
  });

  it(`calls back an API inbox whose webhook_url was set a moment ago (${ITERATIONS} times)`, async () => {
    const account = await createTestAccount();
    const sent: string[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      const inbox = (await account.admin.api.post('/inboxes', { name: `Late ${i}`, channel: { type: 'api' } })).body.id;
      // Events from before the URL: the dispatcher learns that the inbox has no callback.
      await talk(account, inbox, `before ${i} ${account.id}`);
      expect((await account.admin.api.patch(`/inboxes/${inbox}`, { webhook_url: endpoint.url })).status).toBe(200);
      const content = `after ${i} ${account.id}`;
      await talk(account, inbox, content);
      sent.push(content);
    }
    await callbacks(sent);
  });
});
