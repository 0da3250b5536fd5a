import {
  createTestAccount,
  eventually,
  seedContact,
  startService,
  stopService,
  type TestAccount,
} from '@parley/testing';
import { randomBytes } from 'node:crypto';

const unique = () => randomBytes(3).toString('hex');

describe('automation rules: a crash mid-run', () => {
  let account: TestAccount;

  beforeAll(async () => {
    account = await createTestAccount();
  });

  afterAll(async () => {
    // Whatever happened, leave the service running for the suites after this one.
    await startService('automation').catch(() => undefined);
  });

  it('applies each rule once per event when the service is killed while working through a backlog', async () => {
    const api = account.admin.api;
    const inbox = (await api.post('/inboxes', { name: 'Api', channel: { type: 'api' }, enable_auto_assignment: false }))
      .body.id;
    const tag = `c-${unique()}`;
    expect((await api.post('/labels', { title: tag })).status).toBe(201);
    const marker = unique();
    const rule = await api.post('/automation_rules', {
      name: 'crash',
      event_name: 'message_created',
      conditions: [{ attribute_key: 'content', filter_operator: 'contains', values: [marker] }],
      actions: [
        { action_name: 'add_private_note', action_params: [`note ${marker}`] },
        { action_name: 'send_message', action_params: [`reply ${marker}`] },
        { action_name: 'add_label', action_params: [tag] },
      ],
    });
    expect(rule.status).toBe(201);

    await stopService('automation', 'SIGKILL');
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const contact = await seedContact(account.id, { name: `C${i}` });
      const id = (
        await api.post('/conversations', { source_id: `s-${unique()}`, inbox_id: inbox, contact_id: contact.id })
      ).body.id;
      expect(
        (await api.post(`/conversations/${id}/messages`, { content: `hello ${marker}`, message_type: 'incoming' }))
          .status,
      ).toBe(201);
      ids.push(id);
    }
    const contents = async (id: number) =>
      ((await api.get(`/conversations/${id}/messages`)).body.payload as Array<{ content: string }>).map(
        (m) => m.content,
      );

    await startService('automation');
    // Killed as soon as the backlog is being worked on: some actions applied, their run not committed.
    await eventually(async () => expect((await Promise.all(ids.map(contents))).flat()).toContain(`note ${marker}`), {
      intervalMs: 5,
    });
    await stopService('automation', 'SIGKILL');
    await startService('automation');

    // Unacknowledged events come back after the consumers' ack wait (30 s); a run is logged when its event's work commits.
    const runs = await eventually(
      async () => {
        const page = (await api.get(`/automation_rules/${rule.body.payload.id}/runs`)).body;
        expect(page.meta.count).toBe(ids.length);
        return page;
      },
      { timeoutMs: 50_000, intervalMs: 250 },
    );
    expect(new Set(runs.payload.map((run: { event_id: string }) => run.event_id)).size).toBe(ids.length);
    for (const id of ids) {
      const all = await contents(id);
      expect(all.filter((content) => content === `note ${marker}`)).toHaveLength(1);
      expect(all.filter((content) => content === `reply ${marker}`)).toHaveLength(1);
      expect((await api.get(`/conversations/${id}`)).body.labels).toEqual([tag]);
    }
  }, 90_000);
});
