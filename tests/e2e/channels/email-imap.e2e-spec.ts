import { createTestAccount, DovecotServer, eventually, restartService, type TestAccount } from '@parley/testing';
import { randomUUID } from 'node:crypto';

/** A raw e-mail as an IMAP server holds it. */
function rawMail(
  from: string,
  to: string,
  subject: string,
  text: string,
  messageId = `<${randomUUID()}@example.test>`,
) {
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Message-ID: ${messageId}`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    '',
  ].join('\r\n');
}

describe('e-mail channel: IMAP polling (a real Dovecot)', () => {
  let account: TestAccount;
  let dovecot: DovecotServer;

  beforeAll(async () => {
    account = await createTestAccount();
    dovecot = await DovecotServer.start();
  });

  afterAll(async () => {
    await dovecot?.stop();
  });

  async function imapInbox(password: string) {
    const email = `imap-${randomUUID().slice(0, 8)}@acme.test`;
    const response = await account.admin.api.post('/inboxes', {
      name: 'IMAP',
      channel: {
        type: 'email',
        email,
        imap_enabled: true,
        imap_address: '127.0.0.1',
        imap_port: dovecot.port,
        imap_login: dovecot.user,
        imap_password: password,
        imap_enable_ssl: false,
      },
    });
    expect(response.status).toBe(201);
    expect(JSON.stringify(response.body)).not.toContain(password);
    return response.body as { id: number; email: string };
  }

  async function incomingOf(inboxId: number): Promise<Array<{ content: string; sender: string }>> {
    const conversations = (await account.admin.api.get(`/conversations?inbox_id=${inboxId}&status=all`)).body.data
      .payload as Array<{ id: number; meta: { sender: { email: string } } }>;
    const found: Array<{ content: string; sender: string }> = [];
    for (const conversation of conversations) {
      const messages = (await account.admin.api.get(`/conversations/${conversation.id}/messages`)).body
        .payload as Array<{
        content: string;
        message_type: string;
      }>;
      for (const message of messages.filter((item) => item.message_type === 'incoming'))
        found.push({ content: message.content, sender: conversation.meta.sender.email });
    }
    return found.sort((a, b) => a.content.localeCompare(b.content));
  }

  it('ingests every mail of the mailbox once, across a restart, and shows a refused login on its inbox only', async () => {
    const before = rawMail('early@example.test', 'support@acme.test', 'Before', 'Already waiting');
    dovecot.deliver(before);
    const inbox = await imapInbox(dovecot.password);
    const broken = await imapInbox('wrong-password');

    await eventually(
      async () =>
        expect(await incomingOf(inbox.id)).toEqual([{ content: 'Already waiting', sender: 'early@example.test' }]),
      {
        timeoutMs: 20_000,
      },
    );
    dovecot.deliver(rawMail('later@example.test', 'support@acme.test', 'Later', 'Arrived while watched'));
    await eventually(async () => expect(await incomingOf(inbox.id)).toHaveLength(2), { timeoutMs: 20_000 });

    await eventually(async () => {
      const shown = (await account.admin.api.get(`/inboxes/${broken.id}`)).body;
      expect(shown.imap_error).toMatch(/IMAP login failed/);
    });
    expect((await account.admin.api.get(`/inboxes/${inbox.id}`)).body.imap_error).toBeNull();

    // Killed and back: the mailbox is read from where it stood; nothing is ingested twice.
    await restartService('messaging', { signal: 'SIGKILL' });
    dovecot.deliver(rawMail('after@example.test', 'support@acme.test', 'After', 'After the restart'));
    await eventually(async () => expect(await incomingOf(inbox.id)).toHaveLength(3), { timeoutMs: 30_000 });
    expect(await incomingOf(inbox.id)).toEqual([
      { content: 'After the restart', sender: 'after@example.test' },
      { content: 'Already waiting', sender: 'early@example.test' },
      { content: 'Arrived while watched', sender: 'later@example.test' },
    ]);
    expect(await incomingOf(broken.id)).toEqual([]);
  });
});
