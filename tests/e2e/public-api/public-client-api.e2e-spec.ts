import { ConversationEvents, MessageEvents } from '@parley/contracts';
import { createTestAccount, eventually, gatewayClient, publishedEvents, type TestAccount } from '@parley/testing';
import { createHmac, randomBytes } from 'node:crypto';

const hashOf = (key: string, identifier: string) => createHmac('sha256', key).update(identifier).digest('hex');

describe('public client API', () => {
  const api = gatewayClient();
  let account: TestAccount;
  let apiInbox: { id: number; inbox_identifier: string; hmac_token: string };
  let widget: { id: number; website_token: string; hmac_token: string };
  const base = (token: string) => `/public/api/v1/inboxes/${token}`;

  beforeAll(async () => {
    account = await createTestAccount();
    apiInbox = (
      await account.admin.api.post('/inboxes', {
        name: 'Bridge',
        channel: { type: 'api' },
        enable_auto_assignment: false,
      })
    ).body;
    widget = (
      await account.admin.api.post('/inboxes', {
        name: 'Site',
        channel: { type: 'web_widget', website_url: 'https://shop.example.com' },
        enable_auto_assignment: false,
      })
    ).body;
  });

  it('shows an API inbox by its identifier and a widget inbox by its website token', async () => {
    expect(apiInbox.hmac_token).toEqual(expect.any(String));
    const shown = await api.get(base(apiInbox.inbox_identifier));
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      identifier: apiInbox.inbox_identifier,
      identity_validation_enabled: false,
      name: 'Bridge',
      timezone: 'UTC',
      working_hours: expect.any(Array),
      working_hours_enabled: false,
      csat_survey_enabled: false,
      greeting_enabled: false,
    });
    expect((await api.get(base(widget.website_token))).body.name).toBe('Site');
    const unknown = await api.get(base('no-such-inbox'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Resource could not be found' });
  });

  it('creates a contact (source id kept, else found by identifier, e-mail, phone), shows and updates it', async () => {
    const email = `visitor-${randomBytes(4).toString('hex')}@example.com`;
    const created = await api.post(`${base(apiInbox.inbox_identifier)}/contacts`, { name: 'Vera', email });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      source_id: expect.any(String),
      pubsub_token: expect.any(String),
      id: expect.any(Number),
      name: 'Vera',
      email,
      phone_number: null,
    });
    // The same source id: the same link, unchanged.
    const again = await api.post(`${base(apiInbox.inbox_identifier)}/contacts`, {
      source_id: created.body.source_id,
      name: 'Other',
    });
    expect(again.body).toEqual(created.body);
    // The same e-mail at the widget: the same contact, a link of its own.
    const atWidget = await api.post(`${base(widget.website_token)}/contacts`, { email });
    expect(atWidget.body.id).toBe(created.body.id);
    expect(atWidget.body.pubsub_token).not.toBe(created.body.pubsub_token);

    const shown = await api.get(`${base(apiInbox.inbox_identifier)}/contacts/${created.body.source_id}`);
    expect(shown.body).toEqual(created.body);
    const updated = await api.patch(`${base(apiInbox.inbox_identifier)}/contacts/${created.body.source_id}`, {
      name: 'Vera Lynn',
      identifier: 'ignored',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.name).toBe('Vera Lynn');
    expect((await account.admin.api.get(`/contacts/${created.body.id}`)).body.payload).toMatchObject({
      name: 'Vera Lynn',
      identifier: null,
    });
    // Another inbox's contact is not reachable through this one.
    expect((await api.get(`${base(widget.website_token)}/contacts/${created.body.source_id}`)).status).toBe(404);
    expect((await api.get(`${base(apiInbox.inbox_identifier)}/contacts/nobody`)).body).toEqual({
      error: 'Resource could not be found',
    });
    expect((await api.post(`${base(apiInbox.inbox_identifier)}/contacts`, { email: 42 })).status).toBe(400);
  });

  it('checks identifier_hash, binds it to the contact whose identifier it is, and refuses a replay', async () => {
    const identifier = `user-${randomBytes(4).toString('hex')}`;
    const token = base(widget.website_token);
    const wrong = await api.post(`${token}/contacts`, { identifier, identifier_hash: 'deadbeef' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'HMAC failed: Invalid Identifier Hash Provided' });
    const proven = await api.post(`${token}/contacts`, {
      identifier,
      identifier_hash: hashOf(widget.hmac_token, identifier),
      name: 'Ida',
    });
    expect(proven.status).toBe(200);
    const contact = (await account.admin.api.get(`/contacts/${proven.body.id}`)).body.payload;
    expect(contact.identifier).toBe(identifier);

    // A valid pair replayed onto another visitor's link is refused.
    const stranger = await api.post(`${token}/contacts`, { name: 'Sam' });
    const replay = await api.patch(`${token}/contacts/${stranger.body.source_id}`, {
      identifier,
      identifier_hash: hashOf(widget.hmac_token, identifier),
    });
    expect(replay.status).toBe(401);

    // An inbox that demands proof refuses contacts without it.
    await account.admin.api.patch(`/inboxes/${apiInbox.id}`, { hmac_mandatory: true });
    const bridge = base(apiInbox.inbox_identifier);
    expect((await api.get(bridge)).body.identity_validation_enabled).toBe(true);
    expect((await api.post(`${bridge}/contacts`, { name: 'No proof' })).status).toBe(401);
    expect(
      (await api.post(`${bridge}/contacts`, { identifier, identifier_hash: hashOf(apiInbox.hmac_token, identifier) }))
        .body.id,
    ).toBe(proven.body.id);
    await account.admin.api.patch(`/inboxes/${apiInbox.id}`, { hmac_mandatory: false });
  });

  it('runs a conversation: create, messages both ways, typing, last seen, resolve; notes never shown', async () => {
    const token = base(widget.website_token);
    const contact = (await api.post(`${token}/contacts`, { name: 'Wanda' })).body;
    const conversations = `${token}/contacts/${contact.source_id}/conversations`;
    const created = await api.post(conversations, { custom_attributes: {} });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      uuid: expect.any(String),
      inbox_id: widget.id,
      status: 'open',
      messages: [],
      contact: { id: contact.id, name: 'Wanda' },
    });
    const id = created.body.id;

    const sent = await api.post(`${conversations}/${id}/messages`, { content: 'Hello there', echo_id: 'e-1' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      content: 'Hello there',
      message_type: 0,
      content_type: 'text',
      conversation_id: id,
      sender: { id: contact.id, type: 'contact' },
    });
    // A retry with the same echo id answers the first message.
    expect(
      (await api.post(`${conversations}/${id}/messages`, { content: 'Hello there', echo_id: 'e-1' })).body.id,
    ).toBe(sent.body.id);
    // The agent sees it through the REST API and answers; a private note stays private.
    const agentView = await account.admin.api.get(`/conversations/${id}/messages`);
    expect(agentView.body.payload.map((m: { content: string }) => m.content)).toContain('Hello there');
    await account.admin.api.post(`/conversations/${id}/messages`, { content: 'Hi Wanda' });
    await account.admin.api.post(`/conversations/${id}/messages`, { content: 'secret note', private: true });

    const listed = await api.get(`${conversations}/${id}/messages`);
    expect(listed.body.map((m: { content: string }) => m.content)).toEqual(['Hello there', 'Hi Wanda']);
    expect(listed.body[1]).toMatchObject({ message_type: 1, sender: { type: 'user' } });
    const shown = await api.get(`${conversations}/${id}`);
    expect(shown.body.messages.map((m: { content: string }) => m.content)).toEqual(['Hello there', 'Hi Wanda']);
    expect((await api.get(conversations)).body.map((c: { id: number }) => c.id)).toEqual([id]);

    expect((await api.post(`${conversations}/${id}/toggle_typing`, { typing_status: 'on' })).status).toBe(204);
    expect((await api.post(`${conversations}/${id}/toggle_typing`, { typing_status: 'maybe' })).status).toBe(400);
    await eventually(async () => {
      const typing = await publishedEvents<{ conversation: { id: number }; user: { id: number; type?: string } }>(
        ConversationEvents.typingOn,
      );
      expect(typing.some((e) => e.data.conversation.id === id && e.data.user.type === 'contact')).toBe(true);
    });

    expect((await api.post(`${conversations}/${id}/update_last_seen`)).status).toBe(204);
    const seen = await api.get(`${conversations}/${id}`);
    expect(seen.body.contact_last_seen_at).toEqual(expect.any(Number));
    const agentMessages = (await account.admin.api.get(`/conversations/${id}/messages`)).body.payload;
    expect(agentMessages.find((m: { content: string }) => m.content === 'Hi Wanda').status).toBe('read');

    const resolved = await api.post(`${conversations}/${id}/toggle_status`);
    expect(resolved.body.status).toBe('resolved');
    expect((await api.post(`${conversations}/${id}/toggle_status`)).body.status).toBe('resolved');
    await eventually(async () => {
      const events = await publishedEvents<{ message: { content: string } }>(MessageEvents.created);
      expect(events.some((e) => e.data.message.content === 'Hello there')).toBe(true);
    });
  });

  it("answers 404 for another contact's or inbox's conversation, and refuses a blocked contact's new one", async () => {
    const token = base(widget.website_token);
    const owner = (await api.post(`${token}/contacts`, { name: 'Owner' })).body;
    const other = (await api.post(`${token}/contacts`, { name: 'Other' })).body;
    const id = (await api.post(`${token}/contacts/${owner.source_id}/conversations`, {})).body.id;
    const foreign = await api.get(`${token}/contacts/${other.source_id}/conversations/${id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'Resource could not be found' });
    expect(
      (await api.post(`${token}/contacts/${other.source_id}/conversations/${id}/messages`, { content: 'x' })).status,
    ).toBe(404);
    expect((await api.get(`${base(apiInbox.inbox_identifier)}/contacts/${owner.source_id}/conversations`)).status).toBe(
      404,
    );
    await account.admin.api.patch(`/contacts/${other.id}`, { blocked: true });
    expect((await api.post(`${token}/contacts/${other.source_id}/conversations`, {})).status).toBe(422);
  });

  it("takes a visitor's file as multipart, and answers 404 for an unknown contact's", async () => {
    const token = base(widget.website_token);
    const contact = (await api.post(`${token}/contacts`, { name: 'Uma' })).body;
    const conversations = `${token}/contacts/${contact.source_id}/conversations`;
    const id = (await api.post(conversations, {})).body.id;
    const form = () => {
      const made = new FormData();
      made.append('content', 'See attached');
      made.append('attachments[]', new Blob([Buffer.from('fake png bytes')], { type: 'image/png' }), 'photo.png');
      return made;
    };
    const sent = await api.post(`${conversations}/${id}/messages`, undefined, { form: form() });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ content: 'See attached', attachments: [{ data_url: expect.any(String) }] });
    const unknown = await api.post(`${token}/contacts/no-such-visitor/conversations/${id}/messages`, undefined, {
      form: form(),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Resource could not be found' });
  });

  it('answers submitted values of an input message and refuses them on a plain one', async () => {
    const token = base(widget.website_token);
    const contact = (await api.post(`${token}/contacts`, { name: 'Quinn' })).body;
    const conversations = `${token}/contacts/${contact.source_id}/conversations`;
    const id = (await api.post(conversations, {})).body.id;
    const select = await account.admin.api.post(`/conversations/${id}/messages`, {
      content: 'Pick one',
      content_type: 'input_select',
      content_attributes: { items: [{ title: 'A', value: 'a' }] },
    });
    const answered = await api.patch(`${conversations}/${id}/messages/${select.body.id}`, {
      submitted_values: [{ title: 'A', value: 'a' }],
    });
    expect(answered.status).toBe(200);
    expect(answered.body.content_attributes.submitted_values).toEqual([{ title: 'A', value: 'a' }]);
    const plain = (await api.post(`${conversations}/${id}/messages`, { content: 'plain' })).body;
    expect(
      (await api.patch(`${conversations}/${id}/messages/${plain.id}`, { submitted_values: [{ value: 1 }] })).status,
    ).toBe(422);
  });

  it('lets any site call it (CORS), and not the token API', async () => {
    const preflight = await fetch(`${api.baseUrl}${base(widget.website_token)}/contacts`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const shown = await fetch(`${api.baseUrl}${base(widget.website_token)}`, {
      headers: { origin: 'https://shop.example.com' },
    });
    expect(shown.headers.get('access-control-allow-origin')).toBe('*');
    const profile = await fetch(`${api.baseUrl}/api/v1/profile`, { headers: { origin: 'https://shop.example.com' } });
    expect(profile.headers.get('access-control-allow-origin')).toBeNull();
  });
});
