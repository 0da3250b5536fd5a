import { createTestAccount, eventually, readE2eState, ScriptedSmtpServer, type TestAccount } from '@parley/testing';
import { randomUUID } from 'node:crypto';
import { emailContact, emailInbox, parsed, sendToParley } from './email-fixtures';

interface ShownMessage {
  id: number;
  content: string | null;
  message_type: string;
  status: string;
  source_id: string | null;
  external_error: string | null;
  content_attributes: Record<string, any>;
  attachments: Array<{ file_type: string; data_url: string; extension: string | null }>;
}

describe('e-mail channel: mail into Parley (SMTP listener)', () => {
  let account: TestAccount;
  let server: ScriptedSmtpServer;
  let inbox: { id: number; email: string; forward_to_email: string };

  beforeAll(async () => {
    account = await createTestAccount();
    server = await ScriptedSmtpServer.start();
    inbox = await emailInbox(account, server, 'Help Desk');
  });

  afterAll(async () => {
    await server.stop();
  });

  async function conversationsOfInbox(): Promise<Array<{ id: number; meta: any; additional_attributes: any }>> {
    const body = (await account.admin.api.get(`/conversations?inbox_id=${inbox.id}&status=all`)).body;
    return body.data.payload;
  }

  async function conversationWith(sender: string): Promise<{ id: number; meta: any }> {
    return eventually(async () => {
      const found = (await conversationsOfInbox()).find((item) => item.meta.sender?.email === sender);
      expect(found).toBeDefined();
      return found!;
    });
  }

  const messagesOf = async (id: number): Promise<ShownMessage[]> =>
    (await account.admin.api.get(`/conversations/${id}/messages`)).body.payload;

  it('turns a new e-mail into a contact, a conversation and a message, quoted text stripped and HTML sanitised', async () => {
    const from = `buyer-${randomUUID().slice(0, 8)}@example.test`;
    const answer = await sendToParley({
      from: `"Bea Buyer" <${from}>`,
      to: inbox.email,
      subject: 'Broken widget',
      text: 'My widget arrived broken.\n\nOn Mon, Jan 1, 2026 at 10:00 AM Support <help@acme.test> wrote:\n> earlier text\n> more',
      html: '<p>My widget arrived <b>broken</b>.</p><script>alert(1)</script><img src="x" onerror="alert(2)">',
      attachments: [{ filename: 'photo.png', content: Buffer.from('png-bytes'), contentType: 'image/png' }],
    });
    expect(answer).toMatch(/^250/);
    const conversation = await conversationWith(from);
    expect(conversation.meta.sender).toMatchObject({ name: 'Bea Buyer', email: from });
    const [message] = await eventually(async () => {
      const messages = await messagesOf(conversation.id);
      expect(messages.filter((item) => item.message_type === 'incoming')).toHaveLength(1);
      return messages.filter((item) => item.message_type === 'incoming');
    });
    expect(message.content).toBe('My widget arrived broken.');
    expect(message.content_attributes.email).toMatchObject({ subject: 'Broken widget', from: [from] });
    expect(message.content_attributes.email.text_content).toContain('earlier text');
    expect(message.content_attributes.email.html_content).toContain('<b>broken</b>');
    expect(message.content_attributes.email.html_content).not.toMatch(/<script|onerror/i);
    expect(message.attachments).toHaveLength(1);
    expect(message.attachments[0]).toMatchObject({ file_type: 'image', extension: 'png' });
    expect(await (await fetch(message.attachments[0].data_url)).text()).toBe('png-bytes');
  });

  it("threads the customer's reply to Parley's e-mail into the same conversation, by its headers and by the reply+ address", async () => {
    const contact = await emailContact(account, inbox.id, 'Rita Replier');
    const { id } = (await account.admin.api.post('/conversations', { inbox_id: inbox.id, contact_id: contact.id }))
      .body as { id: number };
    await account.admin.api.post(`/conversations/${id}/messages`, { content: 'How can we help?' });
    const outgoing = await eventually(async () => {
      const mails = server.accepted.filter((mail) => mail.recipients.includes(contact.email));
      expect(mails).toHaveLength(1);
      return parsed(mails[0].raw);
    });
    const replyTo = outgoing.replyTo!.value[0].address!;

    // A reply by its headers, sent to the inbox's own address.
    await sendToParley({
      from: contact.email,
      to: inbox.email,
      subject: `Re: ${outgoing.subject}`,
      text: 'By headers',
      inReplyTo: outgoing.messageId,
      references: [outgoing.messageId!],
    });
    // A reply whose client dropped the headers: the reply+ address still threads it.
    await sendToParley({ from: contact.email, to: replyTo, subject: 'no headers', text: 'By address' });
    await eventually(async () => {
      const incoming = (await messagesOf(id)).filter((item) => item.message_type === 'incoming');
      expect(incoming.map((item) => item.content).sort()).toEqual(['By address', 'By headers']);
    });
    expect((await conversationsOfInbox()).filter((item) => item.meta.sender?.email === contact.email)).toHaveLength(1);
  });

  it('stores one message for an e-mail delivered twice (same Message-ID), and accepts the forwarding address', async () => {
    const from = `twice-${randomUUID().slice(0, 8)}@example.test`;
    const messageId = `<${randomUUID()}@example.test>`;
    await sendToParley({ from, to: inbox.email, subject: 'Twice', text: 'Only once please', messageId });
    await sendToParley({ from, to: inbox.forward_to_email, subject: 'Twice', text: 'Only once please', messageId });
    const conversation = await conversationWith(from);
    // A later mail from the same sender is applied after the duplicate: when it shows, the duplicate was handled.
    await sendToParley({ from, to: inbox.email, subject: 'Other topic', text: 'Another matter' });
    await eventually(async () => {
      const all = (await conversationsOfInbox()).filter((item) => item.meta.sender?.email === from);
      expect(all).toHaveLength(2);
    });
    const messages = (await messagesOf(conversation.id)).filter((item) => item.message_type === 'incoming');
    expect(messages.map((item) => item.content)).toEqual(['Only once please']);
  });

  it('opens no conversation for an automatic reply', async () => {
    const from = `ooo-${randomUUID().slice(0, 8)}@example.test`;
    await sendToParley({
      from,
      to: inbox.email,
      subject: 'Out of office',
      text: 'I am away',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    // Mail from the same sender afterwards opens one: the auto-reply before it opened none.
    await sendToParley({ from, to: inbox.email, subject: 'Real question', text: 'A real question' });
    const conversation = await conversationWith(from);
    const all = (await conversationsOfInbox()).filter((item) => item.meta.sender?.email === from);
    expect(all).toHaveLength(1);
    const contents = (await messagesOf(conversation.id)).map((item) => item.content);
    expect(contents).toContain('A real question');
    expect(contents).not.toContain('I am away');
  });

  it('marks the message a bounce names as failed, with the reason', async () => {
    const contact = await emailContact(account, inbox.id, 'Bounce Target');
    const { id } = (await account.admin.api.post('/conversations', { inbox_id: inbox.id, contact_id: contact.id }))
      .body as { id: number };
    const sent = (await account.admin.api.post(`/conversations/${id}/messages`, { content: 'Will bounce' })).body;
    const outgoing = await eventually(async () => {
      const mails = server.accepted.filter((mail) => mail.recipients.includes(contact.email));
      expect(mails).toHaveLength(1);
      return parsed(mails[0].raw);
    });
    const boundary = `b-${randomUUID()}`;
    const raw = [
      'From: Mail Delivery System <MAILER-DAEMON@mx.example.test>',
      `To: ${inbox.email}`,
      'Subject: Undelivered Mail Returned to Sender',
      `Message-ID: <${randomUUID()}@mx.example.test>`,
      'Auto-Submitted: auto-replied',
      'MIME-Version: 1.0',
      `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain',
      '',
      'Your message could not be delivered.',
      `--${boundary}`,
      'Content-Type: message/delivery-status',
      '',
      'Reporting-MTA: dns; mx.example.test',
      '',
      `Final-Recipient: rfc822; ${contact.email}`,
      'Action: failed',
      'Status: 5.1.1',
      'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
      `--${boundary}`,
      'Content-Type: text/rfc822-headers',
      '',
      `Message-ID: ${outgoing.messageId}`,
      `To: ${contact.email}`,
      `--${boundary}--`,
      '',
    ].join('\r\n');
    await sendToParley({ raw, envelope: { from: '', to: [inbox.email] } } as never);
    await eventually(async () => {
      const message = (await messagesOf(id)).find((item) => item.id === sent.id);
      expect(message).toMatchObject({ status: 'failed', external_error: expect.stringContaining('User unknown') });
    });
    expect(
      (await conversationsOfInbox()).filter((item) => item.meta.sender?.email?.startsWith('mailer-daemon')),
    ).toEqual([]);
  });

  it('refuses recipients it does not serve with 550 (never an open relay)', async () => {
    await expect(
      sendToParley({ from: 'spammer@example.test', to: 'someone@elsewhere.test', subject: 'Relay?', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    await expect(
      sendToParley({
        from: 'spammer@example.test',
        to: `reply+${randomUUID()}@${readE2eState().mailInboundDomain}`,
        subject: 'Guess',
        text: 'x',
      }),
    ).rejects.toMatchObject({ responseCode: 550 });
  });
});
