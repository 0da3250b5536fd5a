import {
  createTestAccount,
  eventually,
  failFakeProvider,
  fakeProvider,
  fakeProviderRequests,
  readE2eState,
  type DeliveredWebhook,
  type TestAccount,
} from '@parley/testing';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { inboxReader } from './provider-fixtures';

interface MetaAccount {
  phone_number_id: string;
  business_account_id: string;
  api_key: string;
  app_secret: string;
}

describe('WhatsApp Cloud channel (against the fake Graph API)', () => {
  let account: TestAccount;
  let meta: MetaAccount;
  let inbox: { id: number; inbound_webhook_url: string; provider_config: { webhook_verify_token: string } };
  let reader: ReturnType<typeof inboxReader>;

  const webhook = (value: object, extra: Record<string, unknown> = {}) =>
    fakeProvider<DeliveredWebhook>('meta', 'webhook', {
      account: meta.phone_number_id,
      url: inbox.inbound_webhook_url,
      value,
      ...extra,
    });
  const textFrom = (waId: string, name: string, body: string, id = `wamid.${randomBytes(12).toString('hex')}`) => ({
    contacts: [{ profile: { name }, wa_id: waId }],
    messages: [{ from: waId, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body } }],
  });
  const sends = async () =>
    (await fakeProviderRequests('meta', meta.phone_number_id)).filter((request) => request.path.endsWith('/messages'));
  const newWaId = () => `1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;

  beforeAll(async () => {
    account = await createTestAccount();
    meta = await fakeProvider<MetaAccount>('meta', 'accounts');
    const created = await account.admin.api.post('/inboxes', {
      name: 'WhatsApp',
      channel: {
        type: 'mobile_chat',
        phone_number: '+15550001111',
        provider: 'whatsapp_cloud',
        provider_config: {
          api_key: meta.api_key,
          phone_number_id: meta.phone_number_id,
          business_account_id: meta.business_account_id,
          app_secret: meta.app_secret,
        },
      },
    });
    expect(created.status).toBe(201);
    inbox = created.body;
    reader = inboxReader(account, inbox.id);
  });

  it('shows the webhook URL and verify token, never the secrets, and keeps them sealed', async () => {
    const shown = (await account.admin.api.get(`/inboxes/${inbox.id}`)).body;
    expect(shown).toMatchObject({
      provider: 'whatsapp_cloud',
      provider_connected: true,
      provider_config: { phone_number_id: meta.phone_number_id, webhook_verify_token: expect.any(String) },
      inbound_webhook_url: expect.stringMatching(
        new RegExp(`^${readE2eState().gatewayUrl}/webhooks/whatsapp/[\\w-]+$`),
      ),
    });
    expect(JSON.stringify(shown)).not.toContain(meta.api_key);
    expect(JSON.stringify(shown)).not.toContain(meta.app_secret);
    const db = new Client({ connectionString: readE2eState().databaseUrl });
    await db.connect();
    try {
      const [row] = (await db.query('SELECT channel_settings FROM messaging.inboxes WHERE id = $1', [inbox.id])).rows;
      expect(row.channel_settings.provider_config.api_key).toMatch(/^enc:v1:/);
      expect(JSON.stringify(row)).not.toContain(meta.app_secret);
    } finally {
      await db.end();
    }
  });

  it('refuses credentials the provider refuses (422 naming the field), and keeps an inbox without them not connected', async () => {
    const refused = await account.admin.api.post('/inboxes', {
      name: 'Bad token',
      channel: {
        type: 'mobile_chat',
        phone_number: '+15550002222',
        provider_config: { api_key: 'EAAG-not-a-token', phone_number_id: meta.phone_number_id, app_secret: 'x' },
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatch(/provider_config\.api_key/);
    const bare = await account.admin.api.post('/inboxes', {
      name: 'No credentials',
      channel: { type: 'mobile_chat', phone_number: '+15550003333' },
    });
    expect(bare.status).toBe(201);
    expect(bare.body).toMatchObject({ provider_connected: false });
  });

  it("answers Meta's verification handshake with the challenge, and 401 to a wrong token", async () => {
    const url = new URL(inbox.inbound_webhook_url);
    const token = inbox.provider_config.webhook_verify_token;
    const good = await fetch(`${url}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`);
    expect(good.status).toBe(200);
    expect(await good.text()).toBe('1158201444');
    const bad = await fetch(`${url}?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`);
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ error: expect.any(String) });
  });

  it('turns an inbound text into a contact, a conversation and a message; the same webhook twice stores one', async () => {
    const waId = newWaId();
    const first = await webhook(textFrom(waId, 'Wanda Whats', 'Hello from WhatsApp'));
    expect(first.status).toBe(200);
    const again = await fetchAgain(first.raw);
    expect(again).toBe(200);
    const conversation = await reader.conversationOf('Wanda Whats');
    expect(conversation.meta.sender).toMatchObject({ phone_number: `+${waId}` });
    const messages = await eventually(async () => {
      const found = await reader.messagesOf(conversation.id);
      expect(found.filter((message) => message.message_type === 'incoming')).toHaveLength(1);
      return found;
    });
    expect(messages[0]).toMatchObject({ content: 'Hello from WhatsApp', source_id: expect.stringMatching(/^wamid\./) });
    // A later redelivery (after the first was applied) still adds nothing.
    expect(await fetchAgain(first.raw)).toBe(200);
    await webhook(textFrom(waId, 'Wanda Whats', 'second'));
    await eventually(async () =>
      expect((await reader.messagesOf(conversation.id)).map((m) => m.content)).toEqual([
        'Hello from WhatsApp',
        'second',
      ]),
    );
  });

  /** Posts the exact bytes again, signed as the fake signs them. */
  async function fetchAgain(raw: string): Promise<number> {
    return (await webhook({}, { raw })).status;
  }

  it('refuses a bad or missing signature with 401 and stores nothing', async () => {
    const bad = await webhook(textFrom(newWaId(), 'Forged Bad', 'forged'), { signature: 'bad' });
    const missing = await webhook(textFrom(newWaId(), 'Forged Missing', 'forged'), { signature: 'missing' });
    expect([bad.status, missing.status]).toEqual([401, 401]);
    expect(JSON.parse(bad.body)).toEqual({ error: expect.any(String) });
    const db = new Client({ connectionString: readE2eState().databaseUrl });
    await db.connect();
    try {
      const rows = (
        await db.query(`SELECT id FROM messaging.provider_webhooks WHERE convert_from(body, 'UTF8') LIKE '%Forged%'`)
      ).rows;
      expect(rows).toEqual([]);
    } finally {
      await db.end();
    }
    // Nothing arrives later either: a genuine message sent after them is the only new conversation.
    await webhook(textFrom(newWaId(), 'Genuine After', 'ok'));
    await reader.conversationOf('Genuine After');
    expect((await reader.conversations()).some((item) => /^Forged/.test(item.meta.sender?.name ?? ''))).toBe(false);
  });

  it('stores inbound media, locations and reactions', async () => {
    const waId = newWaId();
    const image = Buffer.from('\x89PNG fake image bytes');
    const { id: mediaId } = await fakeProvider<{ id: string }>('meta', 'media', {
      account: meta.phone_number_id,
      content_base64: image.toString('base64'),
      mime_type: 'image/png',
    });
    const at = String(Math.floor(Date.now() / 1000));
    await webhook({
      contacts: [{ profile: { name: 'Media Mia' }, wa_id: waId }],
      messages: [
        {
          from: waId,
          id: `wamid.img${mediaId}`,
          timestamp: at,
          type: 'image',
          image: { id: mediaId, mime_type: 'image/png', caption: 'my receipt' },
        },
        {
          from: waId,
          id: `wamid.loc${mediaId}`,
          timestamp: at,
          type: 'location',
          location: { latitude: 1.5, longitude: 2.5, name: 'Shop' },
        },
        {
          from: waId,
          id: `wamid.rea${mediaId}`,
          timestamp: at,
          type: 'reaction',
          reaction: { message_id: `wamid.img${mediaId}`, emoji: '👍' },
        },
      ],
    });
    const conversation = await reader.conversationOf('Media Mia');
    const messages = await eventually(async () => {
      const found = await reader.messagesOf(conversation.id);
      expect(found).toHaveLength(3);
      return found;
    });
    expect(messages[0]).toMatchObject({
      content: 'my receipt',
      attachments: [{ file_type: 'image', file_size: image.length }],
    });
    const file = await fetch(messages[0].attachments[0].data_url);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(image);
    expect(messages[1]).toMatchObject({
      content: 'Shop',
      content_attributes: { location: { latitude: 1.5, longitude: 2.5 } },
    });
    expect(messages[2]).toMatchObject({
      content: '👍',
      content_attributes: { is_reaction: true, in_reply_to_external_id: `wamid.img${mediaId}` },
    });
  });

  /** A conversation with a contact who wrote in just now (the window is open). */
  async function openWindow(name: string): Promise<{ id: number; waId: string }> {
    const waId = newWaId();
    await webhook(textFrom(waId, name, 'I need help'));
    const conversation = await reader.conversationOf(name);
    return { id: conversation.id, waId };
  }

  it('sends a reply, records its wamid, and moves its status forward only as callbacks arrive (out of order too)', async () => {
    const { id, waId } = await openWindow('Status Sam');
    const sent = await account.admin.api.post(`/conversations/${id}/messages`, { content: 'We are on it' });
    expect(sent.status).toBe(201);
    const message = await reader.messageBecomes(id, sent.body.id, { source_id: expect.stringMatching(/^wamid\./) });
    const [request] = (await sends()).filter((item) => item.body.includes('We are on it'));
    expect(request.headers.authorization).toBe(`Bearer ${meta.api_key}`);
    expect(JSON.parse(request.body)).toMatchObject({
      messaging_product: 'whatsapp',
      to: waId,
      type: 'text',
      text: { body: 'We are on it' },
    });
    const status = (value: string, errors?: object[]) =>
      webhook({
        statuses: [
          { id: message.source_id, status: value, timestamp: '1', recipient_id: waId, ...(errors ? { errors } : {}) },
        ],
      });
    await status('read');
    await reader.messageBecomes(id, message.id, { status: 'read' });
    await status('delivered');
    await status('failed', [{ code: 131026, title: 'Message undeliverable' }]);
    // Receipts behind it change nothing; a failure after read is only recorded.
    await reader.messageBecomes(id, message.id, { status: 'read', external_error: '131026: Message undeliverable' });
  });

  it('sends templates, input_select as buttons, and files uploaded first', async () => {
    const { id } = await openWindow('Kinds Kim');
    await account.admin.api.post(`/conversations/${id}/messages`, {
      content: 'Your order {{1}} shipped',
      template_params: { name: 'order_shipped', language: 'en_US', processed_params: { '1': 'A-42' } },
    });
    await account.admin.api.post(`/conversations/${id}/messages`, {
      content: 'Pick one',
      content_type: 'input_select',
      content_attributes: {
        items: [
          { title: 'Yes', value: 'yes' },
          { title: 'No', value: 'no' },
        ],
      },
    });
    const form = new FormData();
    form.append('content', 'the invoice');
    form.append('attachments[]', new Blob([Buffer.from('%PDF-1.4 fake')], { type: 'application/pdf' }), 'invoice.pdf');
    const withFile = await account.admin.api.post(`/conversations/${id}/messages`, undefined, { form });
    expect(withFile.status).toBe(201);
    const bodies = await eventually(async () => {
      const found = (await sends())
        .map((item) => JSON.parse(item.body))
        .filter((body) => ['template', 'interactive', 'document'].includes(body.type));
      expect(found.map((body) => body.type).sort()).toEqual(['document', 'interactive', 'template']);
      return found;
    });
    expect(bodies.find((body) => body.type === 'template').template).toEqual({
      name: 'order_shipped',
      language: { code: 'en_US', policy: 'deterministic' },
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'A-42' }] }],
    });
    expect(bodies.find((body) => body.type === 'interactive').interactive).toMatchObject({
      type: 'button',
      action: {
        buttons: [
          { type: 'reply', reply: { id: 'yes', title: 'Yes' } },
          { type: 'reply', reply: { id: 'no', title: 'No' } },
        ],
      },
    });
    expect(bodies.find((body) => body.type === 'document').document).toMatchObject({
      id: expect.any(String),
      caption: 'the invoice',
      filename: 'invoice.pdf',
    });
    const uploads = (await fakeProviderRequests('meta', meta.phone_number_id)).filter((item) =>
      item.path.endsWith('/media'),
    );
    expect(uploads.some((item) => item.body.includes('%PDF-1.4 fake'))).toBe(true);
  });

  it('retries a 429 (after its Retry-After) and a 5xx, then sends once', async () => {
    const { id } = await openWindow('Retry Rita');
    await failFakeProvider('meta', meta.phone_number_id, {
      fail_times: 1,
      fail_status: 429,
      retry_after: 1,
      error_code: 130429,
      error_message: 'Rate limit hit',
    });
    const sent = await account.admin.api.post(`/conversations/${id}/messages`, { content: 'after a retry' });
    await eventually(
      async () => {
        const shown = (await reader.messagesOf(id)).find((item) => item.id === sent.body.id)!;
        expect(shown.source_id).toMatch(/^wamid\./);
      },
      { timeoutMs: 30_000 },
    );
    const attempts = (await sends()).filter((item) => item.body.includes('after a retry'));
    expect(attempts.map((item) => item.status)).toEqual([429, 200]);
  });

  it('fails a message the provider refuses for good, with its code and text', async () => {
    const { id } = await openWindow('Refused Rob');
    await failFakeProvider('meta', meta.phone_number_id, {
      fail_times: 1,
      fail_status: 400,
      error_code: 131047,
      error_message: 'Re-engagement message',
    });
    const sent = await account.admin.api.post(`/conversations/${id}/messages`, { content: 'too late' });
    await reader.messageBecomes(id, sent.body.id, {
      status: 'failed',
      external_error: expect.stringMatching(/^131047: Re-engagement message/),
    });
    expect((await sends()).filter((item) => item.body.includes('too late'))).toHaveLength(1);
  });

  it('refuses free text outside the 24-hour window with 422 and calls no provider', async () => {
    const contact = (
      await account.admin.api.post('/contacts', {
        name: 'Cold Carl',
        phone_number: `+${newWaId()}`,
        inbox_id: inbox.id,
      })
    ).body.payload.contact;
    const conversation = await account.admin.api.post('/conversations', { inbox_id: inbox.id, contact_id: contact.id });
    expect(conversation.body.id).toEqual(expect.any(Number));
    const before = (await sends()).length;
    const refused = await account.admin.api.post(`/conversations/${conversation.body.id}/messages`, {
      content: 'hello cold',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatch(/24-hour/);
    expect((await sends()).length).toBe(before);
  });
});
