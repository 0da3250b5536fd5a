import { createTestAccount, eventually, readE2eState, ScriptedSmtpServer, type TestAccount } from '@parley/testing';
import { Client } from 'pg';
import { emailContact, emailInbox, parsed } from './email-fixtures';

describe('e-mail channel: outgoing mail', () => {
  let account: TestAccount;
  let server: ScriptedSmtpServer;
  let inbox: { id: number; email: string; forward_to_email: string };

  beforeAll(async () => {
    account = await createTestAccount();
    server = await ScriptedSmtpServer.start();
    inbox = await emailInbox(account, server, 'Acme Support');
  });

  afterAll(async () => {
    await server.stop();
  });

  const mailsTo = (address: string) => server.accepted.filter((mail) => mail.recipients.includes(address));

  /** A conversation of the inbox with a new contact (`phone`: one without an e-mail address). */
  async function newConversation(phone?: string): Promise<{ id: number; email: string | null }> {
    const contact = phone
      ? {
          ...(await account.admin.api.post('/contacts', { name: 'No mail', phone_number: phone, inbox_id: inbox.id }))
            .body.payload.contact,
          email: null,
        }
      : await emailContact(account, inbox.id);
    const { id } = (await account.admin.api.post('/conversations', { inbox_id: inbox.id, contact_id: contact.id }))
      .body as { id: number };
    return { id, email: contact.email };
  }

  /** Waits until the message shows `expected`. */
  async function messageBecomes(conversationId: number, messageId: number, expected: Record<string, unknown>) {
    await eventually(async () => {
      const messages = (await account.admin.api.get(`/conversations/${conversationId}/messages`)).body
        .payload as Array<{ id: number }>;
      expect(messages.find((item) => item.id === messageId)).toMatchObject(expected);
    });
  }

  it('shows the inbox servers and forwarding address, never the password, and keeps the password sealed', async () => {
    const shown = (await account.admin.api.get(`/inboxes/${inbox.id}`)).body;
    expect(shown).toMatchObject({
      channel_type: 'Channel::Email',
      email: inbox.email,
      smtp_enabled: true,
      smtp_address: '127.0.0.1',
      smtp_port: server.port,
      smtp_login: 'parley',
      imap_enabled: false,
      imap_error: null,
      forward_to_email: expect.stringMatching(new RegExp(`^[0-9a-f-]{36}@${readE2eState().mailInboundDomain}$`)),
    });
    expect(JSON.stringify(shown)).not.toContain('smtp-secret-password');
    expect(shown).not.toHaveProperty('smtp_password');
    const db = new Client({ connectionString: readE2eState().databaseUrl });
    await db.connect();
    try {
      const [row] = (await db.query('SELECT channel_settings FROM messaging.inboxes WHERE id = $1', [inbox.id])).rows;
      expect(row.channel_settings.smtp_password).toMatch(/^enc:v1:/);
      expect(JSON.stringify(row)).not.toContain('smtp-secret-password');
    } finally {
      await db.end();
    }
  });

  it('refuses a second inbox with the same address, in any account (422 naming email)', async () => {
    const other = await createTestAccount();
    const taken = await other.admin.api.post('/inboxes', {
      name: 'Copy',
      channel: { type: 'email', email: inbox.email },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.error).toMatch(/e-mail address/i);
  });

  it('sends an agent reply as a threaded e-mail with text and HTML parts and its attachment', async () => {
    const contact = await emailContact(account, inbox.id, 'Dana Customer');
    const conversation = (
      await account.admin.api.post('/conversations', {
        inbox_id: inbox.id,
        contact_id: contact.id,
        message: { content: 'Your order #42\nWe have news about it.' },
      })
    ).body as { id: number };

    // The opening message goes out first.
    const [opening] = await eventually(async () => {
      const mails = mailsTo(contact.email);
      expect(mails).toHaveLength(1);
      return mails;
    });
    const first = await parsed(opening.raw);
    expect(first.subject).toBe('Your order #42');

    const form = new FormData();
    form.append('content', 'Hello **Dana**, see the [tracking page](https://example.com/t/42).');
    form.append(
      'attachments[]',
      new Blob([Buffer.from('%PDF-1.4 invoice')], { type: 'application/pdf' }),
      'invoice.pdf',
    );
    const sent = await fetch(
      `${readE2eState().gatewayUrl}/api/v1/accounts/${account.id}/conversations/${conversation.id}/messages`,
      { method: 'POST', headers: { api_access_token: account.admin.token }, body: form },
    );
    expect(sent.status).toBe(201);
    const message = (await sent.json()) as { id: number; status: string };
    expect(message.status).toBe('sent');

    const mail = await eventually(async () => {
      const mails = mailsTo(contact.email);
      expect(mails).toHaveLength(2);
      return parsed(mails[1].raw);
    });
    expect(mail.from?.value[0].address).toBe(inbox.email);
    expect(mail.from?.value[0].name).toMatch(/via Acme Support/);
    expect(mail.to).toMatchObject({ value: [{ address: contact.email }] });
    expect(mail.subject).toBe('Re: Your order #42');
    expect(mail.replyTo?.value[0].address).toMatch(
      new RegExp(`^reply\\+[0-9a-f-]{36}@${readE2eState().mailInboundDomain.replace(/\./g, '\\.')}$`),
    );
    expect(mail.text).toContain('Hello **Dana**');
    expect(mail.html).toContain('<strong>Dana</strong>');
    expect(mail.html).toContain('href="https://example.com/t/42"');
    expect(mail.attachments.map((file) => [file.filename, file.contentType, file.content.toString()])).toEqual([
      ['invoice.pdf', 'application/pdf', '%PDF-1.4 invoice'],
    ]);
    expect(mail.references).toEqual(first.messageId);
    expect(mail.messageId).not.toBe(first.messageId);

    // The Message-ID becomes the message's source_id.
    await eventually(async () => {
      const messages = (await account.admin.api.get(`/conversations/${conversation.id}/messages`)).body
        .payload as Array<{
        id: number;
        source_id: string | null;
      }>;
      const stored = messages.find((item) => item.id === message.id);
      expect(stored?.source_id).toBe(mail.messageId?.replace(/^<|>$/g, ''));
    });
  });

  it('never sends private notes or incoming messages', async () => {
    const { id, email } = await newConversation();
    await account.admin.api.post(`/conversations/${id}/messages`, { content: 'internal', private: true });
    await account.admin.api.post(`/conversations/${id}/messages`, { content: 'from them', message_type: 'incoming' });
    await account.admin.api.post(`/conversations/${id}/messages`, { content: 'public answer' });
    const mail = await eventually(async () => {
      const mails = mailsTo(email!);
      expect(mails).toHaveLength(1);
      return parsed(mails[0].raw);
    });
    expect(mail.text).toContain('public answer');
  });

  it('fails a message the server refuses for good, with the server reply as external_error, and sends nothing', async () => {
    const { id, email } = await newConversation();
    server.behave({ refuse: { code: 550, message: '5.7.1 Relaying denied for this sender' }, times: 1 });
    const sent = (await account.admin.api.post(`/conversations/${id}/messages`, { content: 'refused one' })).body;
    expect(sent.status).toBe('sent');
    await messageBecomes(id, sent.id, { status: 'failed', external_error: expect.stringContaining('Relaying denied') });
    expect(mailsTo(email!)).toHaveLength(0);
  });

  it('retries a transient refusal and delivers the mail once', async () => {
    const { id, email } = await newConversation();
    server.behave({ refuse: { code: 451, message: '4.3.0 Try again later' }, times: 1 });
    const sent = (await account.admin.api.post(`/conversations/${id}/messages`, { content: 'second time lucky' })).body;
    await eventually(async () => expect(mailsTo(email!)).toHaveLength(1), { timeoutMs: 20_000 });
    await messageBecomes(id, sent.id, { status: 'sent', source_id: expect.any(String) });
    expect(server.received.filter((mail) => mail.recipients.includes(email!))).toHaveLength(2);
  });

  it('fails a message to a contact without an e-mail address, naming the reason', async () => {
    const { id } = await newConversation('+15550009999');
    const sent = (await account.admin.api.post(`/conversations/${id}/messages`, { content: 'to nowhere' })).body;
    await messageBecomes(id, sent.id, { status: 'failed', external_error: expect.stringContaining('no address') });
  });

  it("sends a satisfaction survey as its text and its page's link", async () => {
    const { id, email } = await newConversation();
    await account.admin.api.patch(`/inboxes/${inbox.id}`, { csat_survey_enabled: true });
    try {
      await account.admin.api.post(`/conversations/${id}/messages`, { content: 'All done' });
      expect((await account.admin.api.post(`/conversations/${id}/toggle_status`, { status: 'resolved' })).status).toBe(
        200,
      );
      const mails = await eventually(async () => {
        const received = mailsTo(email!);
        expect(received).toHaveLength(2);
        return Promise.all(received.map((one) => parsed(one.raw)));
      });
      // Sends are made side by side, so the reply and the survey may reach the server in either order.
      const [mail, reply] = mails[0].text?.includes('Please rate') ? mails : [mails[1], mails[0]];
      expect(reply.text).toContain('All done');
      expect(mail.text).toMatch(
        new RegExp(`Please rate the conversation\\s+${readE2eState().gatewayUrl}/survey/responses/[0-9a-f-]{36}`),
      );
    } finally {
      await account.admin.api.patch(`/inboxes/${inbox.id}`, { csat_survey_enabled: false });
    }
  });
});
