import {
  createTestAccount,
  eventually,
  ScriptedSmtpServer,
  startReplica,
  startService,
  stopReplicas,
  stopService,
  type TestAccount,
} from '@parley/testing';
import { emailContact, emailInbox, parsed } from './email-fixtures';

describe('e-mail channel: sends survive a crash', () => {
  let account: TestAccount;
  let server: ScriptedSmtpServer;
  let inbox: { id: number };

  beforeAll(async () => {
    account = await createTestAccount();
    server = await ScriptedSmtpServer.start();
    inbox = await emailInbox(account, server);
  });

  afterAll(async () => {
    await server.stop();
  });

  it('delivers each e-mail exactly once (counted at the server) when messaging is killed (-9) in the middle of sending', async () => {
    const contact = await emailContact(account, inbox.id);
    const { id } = (await account.admin.api.post('/conversations', { inbox_id: inbox.id, contact_id: contact.id }))
      .body as { id: number };
    // The server holds its answer to the first mail: messaging dies while it waits for it.
    server.behave({ holdMs: 8000, times: 1 });
    const first = (await account.admin.api.post(`/conversations/${id}/messages`, { content: 'Mail 1' })).body;
    await eventually(() =>
      expect(server.received.filter((mail) => mail.recipients.includes(contact.email))).toHaveLength(1),
    );
    const others: Array<{ id: number }> = [];
    for (const n of [2, 3, 4])
      others.push((await account.admin.api.post(`/conversations/${id}/messages`, { content: `Mail ${n}` })).body);
    await eventually(() =>
      expect(server.accepted.filter((mail) => mail.recipients.includes(contact.email))).toHaveLength(3),
    );
    await stopService('messaging', 'SIGKILL');
    // Nothing took the held mail: its client is gone.
    const held = server.received.find((mail) => mail.raw.toString().includes('Mail 1'));
    expect(server.accepted).not.toContain(held);
    await startService('messaging');

    // The cut send is made again once its lease ran out; none of the others is.
    const mails = await eventually(
      async () => {
        const accepted = server.accepted.filter((mail) => mail.recipients.includes(contact.email));
        expect(accepted).toHaveLength(4);
        return Promise.all(accepted.map((mail) => parsed(mail.raw)));
      },
      { timeoutMs: 40_000 },
    );
    expect(mails.map((mail) => mail.text?.trim()).sort()).toEqual(['Mail 1', 'Mail 2', 'Mail 3', 'Mail 4']);
    expect(new Set(mails.map((mail) => mail.messageId)).size).toBe(4);
    // Each outcome is recorded a moment after the server's 250.
    const ids = mails.map((mail) => mail.messageId?.replace(/^<|>$/g, ''));
    await eventually(async () => {
      const messages = (await account.admin.api.get(`/conversations/${id}/messages`)).body.payload as Array<{
        id: number;
        status: string;
        source_id: string | null;
      }>;
      for (const sent of [first, ...others]) {
        const message = messages.find((item) => item.id === sent.id)!;
        expect(message.status).toBe('sent');
        expect(ids).toContain(message.source_id);
      }
    });
  });

  it('sends each e-mail once when two replicas of messaging share the queue', async () => {
    await startReplica('messaging');
    try {
      const contact = await emailContact(account, inbox.id);
      const { id } = (await account.admin.api.post('/conversations', { inbox_id: inbox.id, contact_id: contact.id }))
        .body as { id: number };
      for (let n = 1; n <= 20; n++)
        await account.admin.api.post(`/conversations/${id}/messages`, { content: `Replica mail ${n}` });
      const mails = await eventually(
        async () => {
          const accepted = server.accepted.filter((mail) => mail.recipients.includes(contact.email));
          expect(accepted.length).toBeGreaterThanOrEqual(20);
          return Promise.all(accepted.map((mail) => parsed(mail.raw)));
        },
        { timeoutMs: 30_000 },
      );
      expect(mails.map((mail) => mail.text?.trim()).sort()).toEqual(
        Array.from({ length: 20 }, (_, index) => `Replica mail ${index + 1}`).sort(),
      );
      expect(server.received.filter((mail) => mail.recipients.includes(contact.email))).toHaveLength(20);
    } finally {
      await stopReplicas('messaging');
    }
  });
});
