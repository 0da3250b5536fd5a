import { ContactEvents } from '@parley/contracts';
import { createTestAccount, eventually, publishedEvents, type TestAccount } from '@parley/testing';

describe('contacts', () => {
  let account: TestAccount;
  let apiInbox: number;

  beforeAll(async () => {
    account = await createTestAccount();
    apiInbox = (
      await account.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' }, enable_auto_assignment: false })
    ).body.id;
  });

  const create = (body: Record<string, unknown>) =>
    account.admin.api.post('/contacts', { inbox_id: apiInbox, ...body });

  it('creates a contact (201) with its inbox link, as the contract envelope says', async () => {
    const created = await create({
      name: 'Maria',
      email: 'Maria@Example.com',
      phone_number: '+5511999990001',
      identifier: 'crm-1',
      additional_attributes: { city: 'Lisbon' },
      source_id: 'visitor-7',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      payload: {
        contact: expect.objectContaining({
          id: expect.any(Number),
          name: 'Maria',
          email: 'maria@example.com',
          phone_number: '+5511999990001',
          identifier: 'crm-1',
          blocked: false,
          additional_attributes: { city: 'Lisbon' },
          availability_status: 'offline',
        }),
        contact_inbox: {
          source_id: 'visitor-7',
          inbox: expect.objectContaining({ id: apiInbox, name: 'Api', channel_type: 'Channel::Api' }),
        },
      },
    });
    const shown = await account.admin.api.get(`/contacts/${created.body.payload.contact.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.payload).toMatchObject({ name: 'Maria', contact_inboxes: [{ source_id: 'visitor-7' }] });
    await eventually(async () => {
      const events = (await publishedEvents<{ contact: { id: number } }>(ContactEvents.created)).filter(
        (event) => event.data.contact.id === created.body.payload.contact.id,
      );
      expect(events).toHaveLength(1);
    });
  });

  it("shows each link's inbox as the inbox endpoints render it (without the secret)", async () => {
    const widget = (
      await account.admin.api.post('/inboxes', {
        name: 'Shop',
        channel: { type: 'web_widget', website_url: 'https://shop.example.com', welcome_title: 'Hi' },
      })
    ).body;
    // TODO(read-your-writes): drop the poll once a read-model miss asks the owner.
    const created = await eventually(async () => {
      const response = await create({ inbox_id: widget.id, name: 'Shopper' });
      expect(response.status).toBe(201);
      return response;
    });
    const { secret, hmac_token, ...shownInbox } = (await account.admin.api.get(`/inboxes/${widget.id}`)).body;
    expect(secret).toBeNull();
    // The identity key is a secret too: links never show it.
    expect(hmac_token).toEqual(expect.any(String));
    expect(shownInbox).toMatchObject({
      website_token: expect.any(String),
      web_widget_script: expect.stringContaining('<script>'),
      welcome_title: 'Hi',
      avatar_url: null,
    });
    expect(created.body.payload.contact_inbox.inbox).toEqual(shownInbox);
    expect(created.body.payload.contact.contact_inboxes).toEqual([
      { source_id: expect.any(String), inbox: shownInbox },
    ]);
    const id = created.body.payload.contact.id;
    expect((await account.admin.api.get(`/contacts/${id}`)).body.payload.contact_inboxes).toEqual([
      { source_id: expect.any(String), inbox: shownInbox },
    ]);
    expect((await account.admin.api.get(`/contacts/${id}/contact_inboxes`)).body.payload).toEqual([
      { source_id: expect.any(String), inbox: shownInbox },
    ]);
    // An inbox change reaches the links.
    await account.admin.api.patch(`/inboxes/${widget.id}`, { welcome_tagline: 'Ask us anything' });
    await eventually(async () => {
      const links = (await account.admin.api.get(`/contacts/${id}`)).body.payload.contact_inboxes;
      expect(links[0].inbox.welcome_tagline).toBe('Ask us anything');
    });
  });

  it('counts a contact online for five minutes after its last activity', async () => {
    const created = (await create({ name: 'Chatty' })).body.payload;
    expect(created.contact.availability_status).toBe('offline');
    expect((await account.admin.api.get(`/contacts/${created.contact.id}`)).body.payload.availability_status).toBe(
      'offline',
    );
    // TODO(read-your-writes): drop the poll once messaging asks contacts about a contact it has not seen yet.
    const conversation = await eventually(async () => {
      const response = await account.admin.api.post('/conversations', {
        inbox_id: apiInbox,
        contact_id: created.contact.id,
        source_id: created.contact_inbox.source_id,
        message: { content: 'Hello?', message_type: 'incoming' },
      });
      expect(response.status).toBe(201);
      return response;
    });
    expect(conversation.status).toBe(201);
    await eventually(async () => {
      const shown = (await account.admin.api.get(`/contacts/${created.contact.id}`)).body.payload;
      expect(shown.last_activity_at).toEqual(expect.any(Number));
      expect(shown.availability_status).toBe('online');
    });
  });

  it('keeps e-mail (any case), phone and identifier unique per account, with blanks never colliding', async () => {
    await create({ email: 'unique@example.com', phone_number: '+14155550001', identifier: 'u-1' });
    for (const [field, value, attribute] of [
      ['email', 'UNIQUE@example.com', 'email'],
      ['phone_number', '+14155550001', 'phone_number'],
      ['identifier', 'u-1', 'identifier'],
    ]) {
      const response = await create({ [field]: value });
      expect(response.status).toBe(422);
      expect(response.body.attributes).toEqual([attribute]);
    }
    expect((await create({ email: '', phone_number: '  ', identifier: '' })).status).toBe(201);
    expect((await create({ email: '', phone_number: '  ', identifier: '' })).status).toBe(201);
    const other = await createTestAccount();
    const otherInbox = (await other.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' } })).body.id;
    expect(
      (await other.admin.api.post('/contacts', { inbox_id: otherInbox, email: 'unique@example.com' })).status,
    ).toBe(201);
  });

  it.each([
    [{ email: 'not-an-email' }, ['email']],
    [{ phone_number: '11999990000' }, ['phone_number']],
    [{ email: 'x', phone_number: '12' }, ['email', 'phone_number']],
    [{ inbox_id: 2147483000 }, ['inbox_id']],
  ])('refuses %j with 422 naming the fields', async (body, attributes) => {
    const response = await create(body);
    expect(response.status).toBe(422);
    expect(response.body.attributes).toEqual(attributes);
  });

  it('refuses a malformed body with 400', async () => {
    expect((await account.admin.api.post('/contacts', { name: 'no inbox' })).status).toBe(400);
    expect((await create({ custom_attributes: 'x' })).status).toBe(400);
  });

  it('updates (PATCH and PUT) merging attributes, and publishes the changes', async () => {
    const { id } = (await create({ name: 'Before', additional_attributes: { city: 'Porto', company_name: 'Acme' } }))
      .body.payload.contact;
    const updated = await account.admin.api.patch(`/contacts/${id}`, {
      name: 'After',
      additional_attributes: { city: 'Braga', company_name: null },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.payload).toMatchObject({ name: 'After', additional_attributes: { city: 'Braga' } });
    expect((await account.admin.api.put(`/contacts/${id}`, { email: '' })).body.payload.email).toBeNull();
    await eventually(async () => {
      const events = (
        await publishedEvents<{ contact: { id: number }; changed_attributes: Array<Record<string, unknown>> }>(
          ContactEvents.updated,
        )
      ).filter((event) => event.data.contact.id === id);
      expect(events[0].data.changed_attributes).toEqual([
        { name: { previous_value: 'Before', current_value: 'After' } },
        {
          additional_attributes: {
            previous_value: { city: 'Porto', company_name: 'Acme' },
            current_value: { city: 'Braga' },
          },
        },
      ]);
    });
  });

  it('validates custom attributes against the contact attribute definitions', async () => {
    await account.admin.api.post('/custom_attribute_definitions', {
      attribute_display_name: 'Plan',
      attribute_display_type: 'list',
      attribute_model: 1,
      attribute_values: ['free', 'pro'],
    });
    expect((await create({ custom_attributes: { plan: 'enterprise' } })).status).toBe(422);
    const ok = await create({ custom_attributes: { plan: 'pro', free_form: 1 } });
    expect(ok.status).toBe(201);
    const id = ok.body.payload.contact.id;
    const refused = await account.admin.api.patch(`/contacts/${id}`, { custom_attributes: { plan: 'gold' } });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ error: 'Plan must be one of: free, pro', attributes: ['custom_attributes.plan'] });
  });

  it('blocks and unblocks, and deletes (204) with 404 afterwards', async () => {
    const { id } = (await create({ name: 'Blockable' })).body.payload.contact;
    expect((await account.admin.api.post(`/contacts/${id}/block`)).body.payload.blocked).toBe(true);
    expect((await account.admin.api.post(`/contacts/${id}/unblock`)).body.payload.blocked).toBe(false);
    expect((await account.admin.api.delete(`/contacts/${id}`)).status).toBe(204);
    expect((await account.admin.api.get(`/contacts/${id}`)).status).toBe(404);
    expect((await account.admin.api.post(`/contacts/${id}/block`)).status).toBe(404);
  });

  it('replaces and lists labels', async () => {
    const { id } = (await create({ name: 'Labelled' })).body.payload.contact;
    expect((await account.admin.api.post(`/contacts/${id}/labels`, { labels: ['VIP', 'lead', 'vip'] })).body).toEqual({
      payload: ['lead', 'vip'],
    });
    expect((await account.admin.api.get(`/contacts/${id}/labels`)).body).toEqual({ payload: ['lead', 'vip'] });
    expect((await account.admin.api.post(`/contacts/${id}/labels`, { labels: ['not valid'] })).status).toBe(422);
  });

  it('keeps notes', async () => {
    const { id } = (await create({ name: 'Noted' })).body.payload.contact;
    const note = await account.admin.api.post(`/contacts/${id}/notes`, { content: 'Prefers e-mail' });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({ content: 'Prefers e-mail', contact_id: id, user: { id: account.admin.id } });
    await account.admin.api.post(`/contacts/${id}/notes`, { content: 'Second' });
    expect(
      (await account.admin.api.get(`/contacts/${id}/notes`)).body.map((n: { content: string }) => n.content),
    ).toEqual(['Second', 'Prefers e-mail']);
    expect(
      (await account.admin.api.patch(`/contacts/${id}/notes/${note.body.id}`, { content: 'Prefers phone' })).body
        .content,
    ).toBe('Prefers phone');
    expect((await account.admin.api.delete(`/contacts/${id}/notes/${note.body.id}`)).status).toBe(204);
    expect((await account.admin.api.delete(`/contacts/${id}/notes/${note.body.id}`)).status).toBe(404);
    expect((await account.admin.api.post(`/contacts/${id}/notes`, { content: '' })).status).toBe(400);
  });

  it('links inboxes and lists the contactable ones', async () => {
    const emailInbox = (
      await account.admin.api.post('/inboxes', { name: 'Mail', channel: { type: 'email', email: 'help@example.com' } })
    ).body.id;
    const smsInbox = (
      await account.admin.api.post('/inboxes', { name: 'SMS', channel: { type: 'sms', phone_number: '+15550009999' } })
    ).body.id;
    const widgetInbox = (
      await account.admin.api.post('/inboxes', {
        name: 'Widget',
        channel: { type: 'web_widget', website_url: 'https://example.com' },
      })
    ).body.id;
    const { id } = (await create({ name: 'Reachable', email: 'reach@example.com' })).body.payload.contact;
    await eventually(async () => {
      const contactable = (await account.admin.api.get(`/contacts/${id}/contactable_inboxes`)).body.payload.map(
        (entry: { inbox: { id: number } }) => entry.inbox.id,
      );
      expect(contactable).toEqual(expect.arrayContaining([apiInbox, emailInbox]));
      expect(contactable).not.toContain(smsInbox);
      expect(contactable).not.toContain(widgetInbox);
    });
    const linked = await account.admin.api.post(`/contacts/${id}/contact_inboxes`, {
      inbox_id: widgetInbox,
      source_id: 'widget-visitor-1',
    });
    expect(linked.status).toBe(201);
    expect(
      (await account.admin.api.get(`/contacts/${id}/contact_inboxes`)).body.payload.map(
        (l: { source_id: string }) => l.source_id,
      ),
    ).toContain('widget-visitor-1');
    const other = (await create({ name: 'Other' })).body.payload.contact.id;
    expect(
      (
        await account.admin.api.post(`/contacts/${other}/contact_inboxes`, {
          inbox_id: widgetInbox,
          source_id: 'widget-visitor-1',
        })
      ).status,
    ).toBe(422);
  });

  it("answers 404 for another account's contact", async () => {
    const other = await createTestAccount();
    const inbox = (await other.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' } })).body.id;
    const response = await other.admin.api.post('/contacts', { inbox_id: inbox, name: 'Theirs' });
    expect(response.status).toBe(201);
    const theirs: number = response.body.payload.contact.id;
    expect((await account.admin.api.get(`/contacts/${theirs}`)).status).toBe(404);
    expect((await account.admin.api.patch(`/contacts/${theirs}`, { name: 'x' })).status).toBe(404);
  });
});
