import {
  createTestAccount,
  eventually,
  failFakeProvider,
  fakeProvider,
  fakeProviderRequests,
  readE2eState,
  slowFakeProvider,
  type DeliveredWebhook,
  type TestAccount,
} from '@parley/testing';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { inboxReader } from './provider-fixtures';

interface Page {
  id: string;
  token: string;
  app_secret: string;
}

describe.each([
  { kind: 'messenger', type: 'social_page', idField: 'page_id', tokenField: 'page_access_token', object: 'page' },
  {
    kind: 'instagram',
    type: 'social_direct',
    idField: 'instagram_id',
    tokenField: 'access_token',
    object: 'instagram',
  },
])('$kind channel (against the fake Send API)', ({ kind, type, idField, tokenField, object }) => {
  let account: TestAccount;
  let page: Page;
  let inbox: { id: number; inbound_webhook_url: string; webhook_verify_token: string };
  let reader: ReturnType<typeof inboxReader>;

  const deliver = (messaging: object[], extra: Record<string, unknown> = {}) =>
    fakeProvider<DeliveredWebhook>('meta', 'page_webhook', {
      account: page.id,
      url: inbox.inbound_webhook_url,
      object,
      messaging,
      ...extra,
    });
  const userId = () => String(Math.floor(1e15 + Math.random() * 8e15));
  const mid = () => `m_${randomBytes(12).toString('hex')}`;
  const incoming = (sender: string, message: object) => ({
    sender: { id: sender },
    recipient: { id: page.id },
    timestamp: Date.now(),
    message: { mid: mid(), ...message },
  });
  const sends = async () =>
    (await fakeProviderRequests('meta', page.id)).filter((request) => request.path.includes('/me/messages'));
  /** The conversations of the user (its page-scoped id is the contact inbox's source id; Meta gives no names). */
  async function conversationsBySource(sender: string): Promise<Array<{ id: number }>> {
    const db = new Client({ connectionString: readE2eState().databaseUrl });
    await db.connect();
    try {
      const rows = (
        await db.query('SELECT display_id AS id FROM messaging.conversations WHERE inbox_id = $1 AND source_id = $2', [
          inbox.id,
          sender,
        ])
      ).rows;
      return rows as Array<{ id: number }>;
    } finally {
      await db.end();
    }
  }

  /** Deliveries of the inbox stored and not yet applied. */
  async function pendingWebhooks(): Promise<number> {
    const db = new Client({ connectionString: readE2eState().databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(
        'SELECT count(*)::int AS n FROM messaging.provider_webhooks WHERE inbox_id = $1',
        [inbox.id],
      );
      return rows[0].n as number;
    } finally {
      await db.end();
    }
  }

  beforeAll(async () => {
    account = await createTestAccount();
    page = await fakeProvider<Page>('meta', 'pages');
    const created = await account.admin.api.post('/inboxes', {
      name: kind,
      channel: { type, [idField]: page.id, [tokenField]: page.token, app_secret: page.app_secret },
    });
    expect(created.status).toBe(201);
    inbox = created.body;
    reader = inboxReader(account, inbox.id);
  });

  it('checks the token against the account id (422 naming the field), and answers the verification handshake', async () => {
    expect(inbox).toMatchObject({
      [idField]: page.id,
      provider_connected: true,
      webhook_verify_token: expect.any(String),
    });
    expect(JSON.stringify(inbox)).not.toContain(page.token);
    const refused = await account.admin.api.post('/inboxes', {
      name: 'Wrong id',
      channel: { type, [idField]: '42', [tokenField]: page.token, app_secret: page.app_secret },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toContain(idField);
    const answer = await fetch(
      `${inbox.inbound_webhook_url}?hub.mode=subscribe&hub.verify_token=${inbox.webhook_verify_token}&hub.challenge=77`,
    );
    expect(await answer.text()).toBe('77');
  });

  it('stores an inbound message, its attachment and a postback; a redelivery stores one; a bad signature is 401', async () => {
    const sender = userId();
    const picture = Buffer.from('fake messenger picture');
    const { url } = await fakeProvider<{ url: string }>('meta', 'page_media', {
      account: page.id,
      content_base64: picture.toString('base64'),
      mime_type: 'image/png',
    });
    const first = await deliver([
      incoming(sender, { text: 'Hi page', attachments: [{ type: 'image', payload: { url } }] }),
    ]);
    expect(first.status).toBe(200);
    expect((await deliver([], { raw: first.raw })).status).toBe(200);
    await deliver([
      {
        sender: { id: sender },
        recipient: { id: page.id },
        timestamp: Date.now(),
        postback: { mid: mid(), title: 'Get started', payload: 'START' },
      },
    ]);
    const [conversation] = await eventually(async () => {
      const found = await conversationsBySource(sender);
      expect(found).toHaveLength(1);
      return found;
    });
    const messages = await eventually(async () => {
      const found = await reader.messagesOf(conversation.id);
      expect(found).toHaveLength(2);
      return found;
    });
    expect(messages[0]).toMatchObject({
      content: 'Hi page',
      attachments: [{ file_type: 'image', file_size: picture.length }],
    });
    expect(messages[1]).toMatchObject({
      content: 'Get started',
      content_attributes: { submitted_values: [{ value: 'START' }] },
    });
    const forged = userId();
    const bad = await deliver([incoming(forged, { text: 'forged' })], { signature: 'bad' });
    const missing = await deliver([incoming(forged, { text: 'forged' })], { signature: 'missing' });
    expect([bad.status, missing.status]).toEqual([401, 401]);
    await deliver([incoming(userId(), { text: 'later' })]);
    await eventually(async () => expect(await conversationsBySource(forged)).toEqual([]));
  });

  async function openConversation(): Promise<{ id: number; sender: string }> {
    const sender = userId();
    await deliver([incoming(sender, { text: 'help' })]);
    const [conversation] = await eventually(async () => {
      const found = await conversationsBySource(sender);
      expect(found).toHaveLength(1);
      return found;
    });
    return { id: conversation.id, sender };
  }

  it("names a new contact from its profile (one lookup with the page's token), and creates it without a name when the lookup fails", async () => {
    const named = userId();
    await fakeProvider('meta', 'profiles', {
      account: page.id,
      id: named,
      profile: { first_name: 'Mia', last_name: 'Page', name: 'Ina Gram', username: 'ina.gram' },
    });
    await deliver([incoming(named, { text: 'first' })]);
    await deliver([incoming(named, { text: 'second' })]);
    const expected = kind === 'messenger' ? 'Mia Page' : 'Ina Gram';
    const conversation = await reader.conversationOf(expected);
    await eventually(async () => expect(await reader.messagesOf(conversation.id)).toHaveLength(2));
    const lookups = (await fakeProviderRequests('meta', page.id)).filter(
      (request) => request.method === 'GET' && request.path.startsWith(`/v21.0/${named}?`),
    );
    expect(lookups).toHaveLength(1);
    const lookup = new URL(lookups[0].path, 'https://x').searchParams;
    expect(lookup.get('fields')).toBe(kind === 'messenger' ? 'first_name,last_name' : 'name,username');
    expect(lookup.get('access_token')).toBe(page.token);
    // Refused (no such profile at the fake): the contact and its conversation are still created.
    const unnamed = userId();
    await deliver([incoming(unnamed, { text: 'no profile' })]);
    await eventually(async () => expect(await conversationsBySource(unnamed)).toHaveLength(1));
  });

  it('replies as a RESPONSE; receipts by id and by watermark move it forward; echoes are stored once', async () => {
    const { id, sender } = await openConversation();
    const sent = await account.admin.api.post(`/conversations/${id}/messages`, { content: 'Happy to help' });
    const message = await reader.messageBecomes(id, sent.body.id, { source_id: expect.stringMatching(/^m_/) });
    const [request] = (await sends()).filter((item) => item.body.includes('Happy to help'));
    expect(new URL(request.path, 'https://x').searchParams.get('appsecret_proof')).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(request.body)).toEqual({
      recipient: { id: sender },
      messaging_type: 'RESPONSE',
      // Messenger hands `metadata` back in the echo: it names Parley's message (Instagram documents no such field).
      message:
        kind === 'messenger'
          ? { text: 'Happy to help', metadata: `parley:message:${sent.body.id}` }
          : { text: 'Happy to help' },
    });
    const event = { sender: { id: sender }, recipient: { id: page.id }, timestamp: Date.now() };
    await deliver([{ ...event, delivery: { mids: [message.source_id], watermark: Date.now() } }]);
    await reader.messageBecomes(id, message.id, { status: 'delivered' });
    await deliver([{ ...event, read: { watermark: Date.now() } }]);
    await reader.messageBecomes(id, message.id, { status: 'read' });
    // The echo of Parley's own send is not stored again; one sent from Meta's own app is, as outgoing, and not sent.
    const echo = (text: string, echoMid: string) => ({
      sender: { id: page.id },
      recipient: { id: sender },
      timestamp: Date.now(),
      message: { mid: echoMid, text, is_echo: true },
    });
    await deliver([echo('Happy to help', message.source_id!), echo('Sent from the inbox app', mid())]);
    await eventually(async () =>
      expect((await reader.messagesOf(id)).map((item) => [item.message_type, item.content])).toEqual([
        ['incoming', 'help'],
        ['outgoing', 'Happy to help'],
        ['outgoing', 'Sent from the inbox app'],
      ]),
    );
    expect((await sends()).filter((item) => item.body.includes('Sent from the inbox app'))).toEqual([]);
  });

  it("stores the echo of Parley's own send once when it arrives before the send's answer", async () => {
    const { id } = await openConversation();
    // The fake posts the echo (and Parley stores it) as the send arrives, then answers 3 s later.
    await fakeProvider('meta', 'echoes', { account: page.id, url: inbox.inbound_webhook_url, before_answer: true });
    await slowFakeProvider('meta', page.id, 3000);
    try {
      const sent = await account.admin.api.post(`/conversations/${id}/messages`, { content: 'Echo first' });
      await eventually(async () =>
        expect((await sends()).filter((item) => item.body.includes('Echo first')).map((item) => item.status)).toEqual([
          200,
        ]),
      );
      const message = await reader.messageBecomes(id, sent.body.id, { source_id: expect.stringMatching(/^m_/) });
      // Every delivery applied (the echo too), and the send made once.
      await eventually(async () => expect(await pendingWebhooks()).toBe(0), { timeoutMs: 30_000 });
      expect((await reader.messagesOf(id)).map((item) => [item.message_type, item.content])).toEqual([
        ['incoming', 'help'],
        ['outgoing', 'Echo first'],
      ]);
      expect(message.status).toBe('sent');
      expect((await sends()).filter((item) => item.body.includes('Echo first'))).toHaveLength(1);
    } finally {
      await slowFakeProvider('meta', page.id, 0);
      await fakeProvider('meta', 'echoes', { account: page.id, url: null });
    }
  });

  it('retries a 5xx, fails a refusal with its code, and keeps the reply window', async () => {
    const { id } = await openConversation();
    await failFakeProvider('meta', page.id, {
      fail_times: 1,
      fail_status: 500,
      error_code: 2,
      error_message: 'Service temporarily unavailable',
    });
    const retried = await account.admin.api.post(`/conversations/${id}/messages`, { content: 'after retry' });
    await eventually(
      async () => expect((await reader.messagesOf(id)).find((m) => m.id === retried.body.id)?.source_id).toMatch(/^m_/),
      { timeoutMs: 30_000 },
    );
    expect((await sends()).filter((item) => item.body.includes('after retry')).map((item) => item.status)).toEqual([
      500, 200,
    ]);
    await failFakeProvider('meta', page.id, {
      fail_times: 1,
      fail_status: 400,
      error_code: 551,
      error_message: "This person isn't available right now.",
    });
    const refused = await account.admin.api.post(`/conversations/${id}/messages`, { content: 'not available' });
    await reader.messageBecomes(id, refused.body.id, {
      status: 'failed',
      external_error: expect.stringMatching(/^551: This person/),
    });
    // Two days after the contact's last message: Messenger's human agent replies with HUMAN_AGENT, Instagram's window is closed.
    const db = new Client({ connectionString: readE2eState().databaseUrl });
    await db.connect();
    try {
      await db.query(
        `UPDATE messaging.conversations SET last_incoming_at = now() - interval '2 days' WHERE inbox_id = $1 AND display_id = $2`,
        [inbox.id, id],
      );
    } finally {
      await db.end();
    }
    const late = await account.admin.api.post(`/conversations/${id}/messages`, { content: 'two days later' });
    if (kind === 'messenger') {
      await reader.messageBecomes(id, late.body.id, { source_id: expect.stringMatching(/^m_/) });
      const [request] = (await sends()).filter((item) => item.body.includes('two days later'));
      expect(JSON.parse(request.body)).toMatchObject({ messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' });
    } else {
      expect(late.status).toBe(422);
      expect((await sends()).filter((item) => item.body.includes('two days later'))).toEqual([]);
    }
  });
});
