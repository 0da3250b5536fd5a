import { namespacedStream } from '@parley/service-kit';
import {
  createTestAccount,
  eventually,
  gatewayClient,
  platformClient,
  readE2eState,
  seedContact,
  type TestAccount,
} from '@parley/testing';
import { connect, type JetStreamManager } from 'nats';

/**
 * A rebuild after the events stream lost history: the scenario's first half is purged from
 * the stream once the model has it, the second half (a reply to a question asked before the
 * purge, a reopen, a new conversation) stays; the rebuild takes the first half from
 * messaging's history and the rest from the stream, and gives the same numbers as before.
 */
describe('reporting model rebuild from messaging history', () => {
  let account: TestAccount;
  let inboxId: number;
  const since = Math.floor(Date.now() / 1000) - 60;
  const window = () => `since=${since}&until=${Math.floor(Date.now() / 1000) + 3600}`;
  const report = (path: string) =>
    gatewayClient(account.admin.token).get(`/api/v2/accounts/${account.id}/reports${path}`);

  async function conversation(): Promise<{ id: number; created_at: number }> {
    const contact = await seedContact(account.id);
    const created = await account.admin.api.post('/conversations', {
      source_id: `h-${contact.id}`,
      inbox_id: inboxId,
      contact_id: contact.id,
    });
    expect(created.status).toBe(201);
    expect(
      (await account.admin.api.post(`/conversations/${created.body.id}/assignments`, { assignee_id: account.admin.id }))
        .status,
    ).toBe(204);
    return created.body;
  }

  async function message(conversationId: number, body: Record<string, unknown>): Promise<{ created_at: number }> {
    const sent = await account.admin.api.post(`/conversations/${conversationId}/messages`, body);
    expect(sent.status).toBe(201);
    return sent.body;
  }

  async function status(conversationId: number, value: string): Promise<void> {
    expect(
      (await account.admin.api.post(`/conversations/${conversationId}/toggle_status`, { status: value })).status,
    ).toBe(200);
  }

  async function withStream<T>(work: (manager: JetStreamManager, stream: string) => Promise<T>): Promise<T> {
    const state = readE2eState();
    const nats = await connect({ servers: state.natsUrl });
    try {
      return await work(await nats.jetstreamManager(), namespacedStream(state.namespace, 'PARLEY_EVENTS'));
    } finally {
      await nats.close();
    }
  }

  /** Drops every event the stream holds (what a stream past its retention looks like for this scenario). */
  const purgeStream = () => withStream(async (manager, stream) => void (await manager.streams.purge(stream)));

  /**
   * The rebuild splits the history at the whole second after the oldest event the stream
   * holds: waits until that second has come, so what follows is on the stream's side.
   */
  async function passTheSplit(): Promise<void> {
    const first = await eventually(() =>
      withStream(async (manager, stream) => {
        const info = await manager.streams.info(stream);
        expect(info.state.messages).toBeGreaterThan(0);
        return Date.parse(info.state.first_ts);
      }),
    );
    await eventually(async () => expect(Date.now()).toBeGreaterThanOrEqual(Math.ceil(first / 1000) * 1000), {
      timeoutMs: 3_000,
      intervalMs: 50,
    });
  }

  const reports = [
    '/summary',
    '/summary?type=agent&id=AGENT',
    '/summary?type=inbox&id=INBOX',
    '/agents_summary',
    '/inboxes_summary',
  ];
  async function snapshot(): Promise<Record<string, unknown>> {
    const answers: Record<string, unknown> = {};
    for (const path of reports) {
      const concrete = path.replace('AGENT', String(account.admin.id)).replace('INBOX', String(inboxId));
      const response = await report(`${concrete}${concrete.includes('?') ? '&' : '?'}${window()}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-report-rebuilding')).toBe('false');
      answers[path] = response.body;
    }
    return answers;
  }

  beforeAll(async () => {
    account = await createTestAccount();
    const inbox = await account.admin.api.post('/inboxes', {
      name: 'History',
      channel: { type: 'api' },
      enable_auto_assignment: false,
    });
    expect(inbox.status).toBe(201);
    inboxId = inbox.body.id;
  });

  it('takes what the stream lost from messaging and the rest from the stream, counting nothing twice', async () => {
    // First half: only messaging will still hold it.
    const a = await conversation();
    const askedA = await message(a.id, { content: 'Hello?', message_type: 'incoming' });
    await message(a.id, { content: 'note', message_type: 'outgoing', private: true });
    const replyA = await message(a.id, { content: 'Hi!', message_type: 'outgoing' });
    await status(a.id, 'resolved');
    const b = await conversation();
    const askedB = await message(b.id, { content: 'Anyone?', message_type: 'incoming' });
    await eventually(async () => {
      const summary = (await report(`/summary?${window()}`)).body;
      expect(summary).toMatchObject({
        conversations_count: 2,
        incoming_messages_count: 2,
        outgoing_messages_count: 1,
        resolutions_count: 1,
      });
    });
    await purgeStream();

    // Second half: messaging holds the reopen (before the split), the stream the rest: a
    // resolve measured from that reopen, a reply to a question asked before the purge, a new
    // conversation.
    await status(a.id, 'open');
    await passTheSplit();
    await status(a.id, 'resolved');
    const replyB = await message(b.id, { content: 'Yes', message_type: 'outgoing' });
    const c = await conversation();
    const askedC = await message(c.id, { content: 'Question', message_type: 'incoming' });
    const replyC = await message(c.id, { content: 'Answer', message_type: 'outgoing' });
    await status(c.id, 'resolved');

    const expected = {
      conversations_count: 3,
      incoming_messages_count: 3,
      outgoing_messages_count: 3,
      resolutions_count: 3,
      open_conversations_count: 1,
      average_first_response_time:
        (replyA.created_at - a.created_at + replyB.created_at - b.created_at + replyC.created_at - c.created_at) / 3,
      average_response_time:
        (replyA.created_at -
          askedA.created_at +
          replyB.created_at -
          askedB.created_at +
          replyC.created_at -
          askedC.created_at) /
        3,
    };
    const round = (value: number) => Math.round(value * 100) / 100;
    const before = await eventually(async () => {
      const answers = await snapshot();
      expect(answers['/summary']).toMatchObject({
        ...expected,
        average_first_response_time: round(expected.average_first_response_time),
        average_response_time: round(expected.average_response_time),
      });
      return answers;
    });

    const platform = platformClient();
    const started = await platform.post('/platform/api/v1/reporting/rebuild');
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ rebuilding: true });

    await eventually(
      async () => expect((await platform.get('/platform/api/v1/reporting/state')).body).toEqual({ rebuilding: false }),
      { timeoutMs: 170_000, intervalMs: 250 },
    );
    expect(await snapshot()).toEqual(before);
  }, 180_000);
});
