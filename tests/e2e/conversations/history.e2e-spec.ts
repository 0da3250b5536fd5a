import { HistoryPatterns, type HistoryPage, type HistoryQuery } from '@parley/contracts';
import { namespaced } from '@parley/service-kit';
import { createTestAccount, eventually, readE2eState, seedContact, type TestAccount } from '@parley/testing';
import { connect, JSONCodec } from 'nats';
import { Client } from 'pg';

/**
 * Messaging's history in pages (what reporting rebuilds its model from): conversations with
 * their messages (origin kept: a rule's message is told from a person's), and every status
 * change recorded with its time.
 */
describe('messaging history pages', () => {
  let account: TestAccount;
  let ruleId: number;
  const codec = JSONCodec();

  async function page(query: HistoryQuery): Promise<HistoryPage> {
    const state = readE2eState();
    const nats = await connect({ servers: state.natsUrl });
    try {
      const reply = await nats.request(
        namespaced(state.namespace, HistoryPatterns.page),
        codec.encode({ pattern: HistoryPatterns.page, data: query, id: '1' }),
        { timeout: 10_000 },
      );
      const decoded = codec.decode(reply.data) as { response?: HistoryPage; err?: unknown };
      expect(decoded.err ?? null).toBeNull();
      return decoded.response!;
    } finally {
      await nats.close();
    }
  }

  beforeAll(async () => {
    account = await createTestAccount();
    const rule = await account.admin.api.post('/automation_rules', {
      name: 'Welcome',
      event_name: 'conversation_created',
      conditions: [{ attribute_key: 'status', filter_operator: 'equal_to', values: ['open'], query_operator: null }],
      actions: [{ action_name: 'send_message', action_params: ['Welcome!'] }],
    });
    expect(rule.status).toBe(201);
    ruleId = rule.body.payload.id;
  });

  it('answers conversations in keyset pages with their messages and status changes', async () => {
    const inbox = (
      await account.admin.api.post('/inboxes', {
        name: 'History',
        channel: { type: 'api' },
        enable_auto_assignment: false,
      })
    ).body;
    const created: Array<{ id: number; created_at: number }> = [];
    for (let n = 0; n < 2; n++) {
      const contact = await seedContact(account.id);
      const { body } = await account.admin.api.post('/conversations', {
        source_id: `hp-${contact.id}`,
        inbox_id: inbox.id,
        contact_id: contact.id,
      });
      created.push(body);
    }
    const [first] = created;
    await account.admin.api.post(`/conversations/${first.id}/messages`, { content: 'Hi', message_type: 'incoming' });
    await account.admin.api.post(`/conversations/${first.id}/messages`, {
      content: 'note',
      message_type: 'outgoing',
      private: true,
    });
    await account.admin.api.post(`/conversations/${first.id}/messages`, { content: 'Hello', message_type: 'outgoing' });
    for (const status of ['resolved', 'open'])
      expect((await account.admin.api.post(`/conversations/${first.id}/toggle_status`, { status })).status).toBe(200);
    const before = Math.floor(Date.now() / 1000) + 5;

    // The rule's welcome message comes from its own worker: wait for it.
    const one = await eventually(async () => {
      const answer = await page({ account_id: account.id, before, limit: 1 });
      expect(answer.conversations).toHaveLength(1);
      expect(answer.conversations[0].messages.map((message) => message.origin)).toContain(`automation:${ruleId}`);
      return answer;
    });
    expect(one.next_after).not.toBeNull();
    const entry = one.conversations[0];
    expect(entry.conversation).toMatchObject({
      id: first.id,
      account_id: account.id,
      inbox_id: inbox.id,
      status: 'open',
    });
    expect(
      entry.messages.map((message) => [
        message.message_type,
        message.private,
        message.sender?.type ?? null,
        message.origin?.startsWith('automation:') ?? false,
      ]),
    ).toEqual([
      ['outgoing', false, 'user', true], // the rule's: sent as a user, told apart by its origin only
      ['incoming', false, 'contact', false],
      ['outgoing', true, 'user', false],
      ['outgoing', false, 'user', false],
    ]);
    expect(entry.status_changes.map(({ from, to, approximated }) => ({ from, to, approximated }))).toEqual([
      { from: 'open', to: 'resolved', approximated: false },
      { from: 'resolved', to: 'open', approximated: false },
    ]);
    for (const change of entry.status_changes) expect(change.at).toBeGreaterThanOrEqual(first.created_at);

    const two = await page({ account_id: account.id, before, limit: 1, after: one.next_after! });
    expect(two.conversations.map((item) => item.conversation.id)).toEqual([created[1].id]);
    const three = await page({
      account_id: account.id,
      before,
      limit: 1,
      after: two.next_after ?? Number.MAX_SAFE_INTEGER,
    });
    expect(three).toEqual({ conversations: [], next_after: null });

    // Nothing from the boundary on.
    const earlier = await page({ account_id: account.id, before: first.created_at, limit: 10 });
    expect(earlier.conversations).toEqual([]);
  });

  it('approximates a resolved conversation older than the record by one resolve at its last activity', async () => {
    const inbox = (
      await account.admin.api.post('/inboxes', { name: 'Old', channel: { type: 'api' }, enable_auto_assignment: false })
    ).body;
    const contact = await seedContact(account.id);
    const { body: old } = await account.admin.api.post('/conversations', {
      source_id: `ho-${contact.id}`,
      inbox_id: inbox.id,
      contact_id: contact.id,
    });
    expect(
      (await account.admin.api.post(`/conversations/${old.id}/toggle_status`, { status: 'resolved' })).status,
    ).toBe(200);
    // As if it had been resolved before status changes were recorded.
    const db = new Client({ connectionString: readE2eState().databaseUrl });
    await db.connect();
    try {
      await db.query(
        `DELETE FROM messaging.conversation_status_changes WHERE conversation_id = (SELECT id FROM messaging.conversations WHERE account_id = $1 AND display_id = $2)`,
        [account.id, old.id],
      );
    } finally {
      await db.end();
    }
    const shown = (await account.admin.api.get(`/conversations/${old.id}`)).body;
    const all = await page({ account_id: account.id, before: Math.floor(Date.now() / 1000) + 5, limit: 200 });
    const entry = all.conversations.find((item) => item.conversation.id === old.id)!;
    expect(entry.status_changes).toEqual([
      { from: 'open', to: 'resolved', at: shown.last_activity_at, approximated: true },
    ]);
  });
});
