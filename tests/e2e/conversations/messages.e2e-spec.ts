import { MessageEvents } from '@parley/contracts';
import {
  createTestAccount,
  eventually,
  publishedEvents,
  readE2eState,
  seedContact,
  type TestAccount,
} from '@parley/testing';

describe('messages', () => {
  let account: TestAccount;
  let widgetInbox: number;
  let mobileInbox: number;
  let smsInbox: number;

  beforeAll(async () => {
    account = await createTestAccount();
    widgetInbox = (
      await account.admin.api.post('/inboxes', {
        name: 'Widget',
        channel: { type: 'web_widget', website_url: 'https://example.com' },
        message_deleted_placeholder: 'Removed by an agent',
      })
    ).body.id;
    mobileInbox = (
      await account.admin.api.post('/inboxes', {
        name: 'Mobile',
        channel: { type: 'mobile_chat', phone_number: '+15550001111' },
      })
    ).body.id;
    smsInbox = (
      await account.admin.api.post('/inboxes', { name: 'SMS', channel: { type: 'sms', phone_number: '+15550002222' } })
    ).body.id;
  });

  async function conversation(inboxId = widgetInbox) {
    const contact = await seedContact(account.id, {
      phone_number: `+1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`,
    });
    return (
      await account.admin.api.post('/conversations', { source_id: 's', inbox_id: inboxId, contact_id: contact.id })
    ).body as { id: number; contact_id: number };
  }

  const post = (id: number, body: unknown) => account.admin.api.post(`/conversations/${id}/messages`, body);

  it('creates outgoing (default), incoming and private messages', async () => {
    const { id, contact_id } = await conversation();
    const outgoing = await post(id, { content: 'Hello from support' });
    expect(outgoing.status).toBe(201);
    expect(outgoing.body).toMatchObject({
      content: 'Hello from support',
      message_type: 'outgoing',
      content_type: 'text',
      private: false,
      status: 'sent',
      conversation_id: id,
      account_id: account.id,
      inbox_id: widgetInbox,
      sender: { id: account.admin.id, type: 'user' },
      attachments: [],
    });
    const incoming = await post(id, { content: 'Thanks!', message_type: 0 });
    expect(incoming.body).toMatchObject({
      message_type: 'incoming',
      status: 'received',
      sender: { id: contact_id, type: 'contact' },
    });
    const note = await post(id, { content: 'Internal note', private: true });
    expect(note.body.private).toBe(true);
    const shown = (await account.admin.api.get(`/conversations/${id}`)).body;
    expect(shown).toMatchObject({ messages_count: 3, unread_count: 1 });
  });

  it('lists messages oldest first: the latest 20, 20 before an id, up to 100 after one', async () => {
    const { id } = await conversation();
    const ids: number[] = [];
    for (let i = 1; i <= 25; i++) ids.push((await post(id, { content: `m${i}` })).body.id);
    const latest = await account.admin.api.get(`/conversations/${id}/messages`);
    expect(latest.status).toBe(200);
    expect(latest.body.payload.map((message: { content: string }) => message.content)).toEqual(
      Array.from({ length: 20 }, (_, i) => `m${i + 6}`),
    );
    expect(latest.body.meta).toMatchObject({ labels: [], contact: { id: expect.any(Number) }, assignee: null });
    const before = await account.admin.api.get(`/conversations/${id}/messages?before=${ids[5]}`);
    expect(before.body.payload.map((message: { id: number }) => message.id)).toEqual(ids.slice(0, 5));
    const after = await account.admin.api.get(`/conversations/${id}/messages?after=${ids[20]}`);
    expect(after.body.payload.map((message: { id: number }) => message.id)).toEqual(ids.slice(21));
    expect((await account.admin.api.get(`/conversations/${id}/messages?before=abc`)).status).toBe(400);
  });

  it('validates input_select items and the channels that support it', async () => {
    const widget = await conversation();
    const items = {
      items: [
        { title: 'Yes', value: 'yes' },
        { title: 'No', value: 'no' },
      ],
    };
    const ok = await post(widget.id, { content: 'Pick one', content_type: 'input_select', content_attributes: items });
    expect(ok.status).toBe(201);
    expect(ok.body.content_attributes).toEqual(items);
    expect(
      (await post(widget.id, { content: 'Pick', content_type: 'input_select', content_attributes: {} })).status,
    ).toBe(422);
    const sms = await conversation(smsInbox);
    const refused = await post(sms.id, { content: 'Pick', content_type: 'input_select', content_attributes: items });
    expect(refused.status).toBe(422);
    expect(refused.body.attributes).toEqual(['content_type']);
    expect(
      (await post(widget.id, { content: 'card', content_type: 'cards', content_attributes: { items: [] } })).status,
    ).toBe(201);
    expect((await post(widget.id, { content: 'x', content_type: 'video' })).status).toBe(400);
  });

  it('enforces the 24-hour window on messaging apps unless a template is sent', async () => {
    const { id } = await conversation(mobileInbox);
    expect((await account.admin.api.get(`/conversations/${id}`)).body.can_reply).toBe(false);
    const refused = await post(id, { content: 'Hi there' });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatch(/24-hour messaging window/);
    const template = await post(id, {
      content: 'Hi {{1}}, your order {{2}} shipped',
      template_params: {
        name: 'shipping_update',
        language: 'en_US',
        category: 'UTILITY',
        processed_params: { '1': 'Ana', '2': '#42' },
      },
    });
    expect(template.status).toBe(201);
    expect(template.body).toMatchObject({ message_type: 'template', content: 'Hi Ana, your order #42 shipped' });
    expect((await post(id, { content: 'x', template_params: { name: '', language: 'en' } })).status).toBe(400);
    expect(
      (await post(id, { content: 'x', template_params: { name: 'n', language: 'en', category: 'PROMO' } })).status,
    ).toBe(400);
    expect((await post(id, { content: 'note to self', private: true })).status).toBe(201);

    await post(id, { content: 'I am back', message_type: 'incoming' });
    expect((await account.admin.api.get(`/conversations/${id}`)).body.can_reply).toBe(true);
    expect((await post(id, { content: 'Welcome back' })).status).toBe(201);
  });

  it('returns the first message again for a repeated echo_id or source_id', async () => {
    const { id } = await conversation();
    const first = await post(id, { content: 'once', echo_id: 'client-123' });
    const again = await post(id, { content: 'once', echo_id: 'client-123' });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () => post(id, { content: 'external', message_type: 'incoming', source_id: 'ext-9' })),
    );
    expect(new Set(concurrent.map((response) => response.body.id)).size).toBe(1);
    expect((await account.admin.api.get(`/conversations/${id}`)).body.messages_count).toBe(2);
  });

  it('marks a message the provider refused as failed, with the reason', async () => {
    const { id } = await conversation(smsInbox);
    await post(id, { content: 'Hello', message_type: 'incoming' });
    const sent = await post(id, { content: 'This will bounce [sandbox-fail]' });
    expect(sent.status).toBe(201);
    await eventually(async () => {
      const message = (await account.admin.api.get(`/conversations/${id}/messages`)).body.payload.find(
        (m: { id: number }) => m.id === sent.body.id,
      );
      expect(message).toMatchObject({ status: 'failed', external_error: 'The sandbox provider refused the message' });
    });
    const fine = await post(id, { content: 'This one is fine' });
    await eventually(async () => {
      const updates = (await publishedEvents<{ message: { id: number } }>(MessageEvents.updated)).filter(
        (event) => event.data.message.id === sent.body.id,
      );
      expect(updates).toHaveLength(1);
    });
    const message = (await account.admin.api.get(`/conversations/${id}/messages`)).body.payload.find(
      (m: { id: number }) => m.id === fine.body.id,
    );
    expect(message.status).toBe('sent');
  });

  it('deletes a message into the inbox placeholder (200), keeping the row', async () => {
    const { id } = await conversation();
    const message = (await post(id, { content: 'regret this' })).body;
    const deleted = await account.admin.api.delete(`/conversations/${id}/messages/${message.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({
      id: message.id,
      content: 'Removed by an agent',
      content_attributes: { deleted: true },
      attachments: [],
    });
    expect((await account.admin.api.delete(`/conversations/${id}/messages/2147483000`)).status).toBe(404);
    await eventually(async () => {
      const updates = (await publishedEvents<{ message: { id: number } }>(MessageEvents.updated)).filter(
        (event) => event.data.message.id === message.id,
      );
      expect(updates).toHaveLength(1);
    });
  });

  it('accepts multipart with attachments, string booleans and JSON text, and serves the file by its signed link', async () => {
    const { id } = await conversation();
    const form = new FormData();
    form.append('content', 'See the attached files');
    form.append('private', 'true');
    form.append('content_attributes', '{"origin":"upload"}');
    form.append('attachments[]', new Blob([Buffer.from('fake png bytes')], { type: 'image/png' }), 'photo one.png');
    form.append('attachments[]', new Blob([Buffer.from('%PDF-1.4 test')], { type: 'application/pdf' }), 'invoice.pdf');
    const response = await fetch(
      `${readE2eState().gatewayUrl}/api/v1/accounts/${account.id}/conversations/${id}/messages`,
      {
        method: 'POST',
        headers: { api_access_token: account.admin.token },
        body: form,
      },
    );
    const body = (await response.json()) as any;
    expect(response.status).toBe(201);
    expect(body).toMatchObject({ private: true, content_attributes: { origin: 'upload' } });
    expect(body.attachments).toEqual([
      expect.objectContaining({
        file_type: 'image',
        extension: 'png',
        file_size: 14,
        data_url: expect.stringContaining('/attachments/'),
      }),
      expect.objectContaining({ file_type: 'file', extension: 'pdf', file_size: 13 }),
    ]);

    const download = await fetch(body.attachments[0].data_url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(await download.text()).toBe('fake png bytes');
    // Change the signature's first digit to another one (replacing it with a fixed digit would leave it as it was 1 time in 16).
    const tamperedUrl = body.attachments[0].data_url.replace(
      /signature=([0-9a-f])/,
      (_: string, digit: string) => `signature=${digit === '0' ? '1' : '0'}`,
    );
    expect(tamperedUrl).not.toBe(body.attachments[0].data_url);
    const tampered = await fetch(tamperedUrl);
    expect([403]).toContain(tampered.status);

    const unparseable = new FormData();
    unparseable.append('content', 'hello');
    unparseable.append('content_attributes', 'not json');
    const tolerant = await fetch(
      `${readE2eState().gatewayUrl}/api/v1/accounts/${account.id}/conversations/${id}/messages`,
      {
        method: 'POST',
        headers: { api_access_token: account.admin.token },
        body: unparseable,
      },
    );
    expect(tolerant.status).toBe(201);
    expect(((await tolerant.json()) as any).content_attributes).toEqual({});

    const deleted = await account.admin.api.delete(`/conversations/${id}/messages/${body.id}`);
    expect(deleted.body.attachments).toEqual([]);
    expect((await fetch(body.attachments[0].data_url)).status).toBe(404);
  });

  it('refuses an attachment over its type limit with 400', async () => {
    const { id } = await conversation();
    const form = new FormData();
    form.append('content', 'too big');
    form.append('attachments[]', new Blob([Buffer.alloc(5 * 1024 * 1024 + 1)], { type: 'image/jpeg' }), 'huge.jpg');
    const response = await fetch(
      `${readE2eState().gatewayUrl}/api/v1/accounts/${account.id}/conversations/${id}/messages`,
      {
        method: 'POST',
        headers: { api_access_token: account.admin.token },
        body: form,
      },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'attachments: huge.jpg is larger than the 5 MB limit for images' });
    expect((await account.admin.api.get(`/conversations/${id}`)).body.messages_count).toBe(0);
  });

  it('refuses an empty message and a system-only type', async () => {
    const { id } = await conversation();
    expect((await post(id, { content: '   ' })).status).toBe(422);
    expect((await post(id, { content: 'x', message_type: 'activity' })).status).toBe(422);
    expect((await post(id, { content: 'x', message_type: 'shout' })).status).toBe(400);
  });
});
