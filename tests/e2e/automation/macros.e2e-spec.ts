import { ConversationEvents, type ConversationEventMap } from '@parley/contracts';
import {
  createTestAccount,
  eventually,
  publishedEvents,
  seedContact,
  type TestAccount,
  type TestUser,
} from '@parley/testing';
import { randomBytes } from 'node:crypto';

const unique = () => randomBytes(3).toString('hex');

describe('macros', () => {
  let account: TestAccount;
  let admin: TestUser;
  let agent: TestUser;
  let otherAgent: TestUser;
  let inboxId: number;
  let hiddenInboxId: number;
  let tag: string;

  beforeAll(async () => {
    account = await createTestAccount();
    admin = account.admin;
    [agent, otherAgent] = [await account.addUser('agent'), await account.addUser('agent')];
    inboxId = (
      await admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' }, enable_auto_assignment: false })
    ).body.id;
    hiddenInboxId = (
      await admin.api.post('/inboxes', { name: 'Hidden', channel: { type: 'api' }, enable_auto_assignment: false })
    ).body.id;
    expect(
      (await admin.api.post(`/inboxes/${inboxId}/inbox_members`, { user_ids: [agent.id, otherAgent.id] })).status,
    ).toBe(200);
    tag = `m-${unique()}`;
    expect((await admin.api.post('/labels', { title: tag })).status).toBe(201);
  });

  async function conversation(inbox = inboxId): Promise<number> {
    const contact = await seedContact(account.id, { name: 'Mia' });
    return (
      await admin.api.post('/conversations', { source_id: `s-${unique()}`, inbox_id: inbox, contact_id: contact.id })
    ).body.id;
  }

  const show = async (id: number) => (await admin.api.get(`/conversations/${id}`)).body;
  const macro = (overrides: Record<string, unknown> = {}) => ({
    name: 'Triage',
    visibility: 'global',
    actions: [{ action_name: 'add_label', action_params: [tag] }],
    ...overrides,
  });

  it('creates, shows, lists, updates and deletes a global macro (administrators)', async () => {
    const created = await admin.api.post('/macros', macro());
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      account_id: account.id,
      name: 'Triage',
      visibility: 'global',
      actions: [{ action_name: 'add_label', action_params: [tag] }],
      created_by: admin.id,
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
    });
    expect((await agent.api.get(`/macros/${created.body.id}`)).body).toEqual(created.body);
    expect((await agent.api.get('/macros')).body.payload).toContainEqual(created.body);
    const updated = await admin.api.patch(`/macros/${created.body.id}`, { name: 'Renamed' });
    expect(updated.status).toBe(200);
    expect(updated.body.name).toBe('Renamed');
    expect((await admin.api.delete(`/macros/${created.body.id}`)).status).toBe(204);
    expect((await admin.api.get(`/macros/${created.body.id}`)).status).toBe(404);
  });

  it('applies the visibility and permission matrix', async () => {
    const global = (await admin.api.post('/macros', macro())).body;
    const personal = await agent.api.post('/macros', macro({ visibility: 'personal', name: 'Mine' }));
    expect(personal.status).toBe(201);

    // Agents cannot create, edit or delete global macros, nor turn theirs global.
    expect((await agent.api.post('/macros', macro())).status).toBe(403);
    expect((await agent.api.patch(`/macros/${global.id}`, { name: 'x' })).status).toBe(403);
    expect((await agent.api.delete(`/macros/${global.id}`)).status).toBe(403);
    expect((await agent.api.patch(`/macros/${personal.body.id}`, { visibility: 'global' })).status).toBe(403);

    // A personal macro is its creator's alone, administrators included.
    expect((await agent.api.patch(`/macros/${personal.body.id}`, { name: 'Still mine' })).status).toBe(200);
    for (const other of [otherAgent, admin]) {
      expect((await other.api.get(`/macros/${personal.body.id}`)).status).toBe(403);
      expect((await other.api.patch(`/macros/${personal.body.id}`, { name: 'y' })).status).toBe(403);
      expect((await other.api.delete(`/macros/${personal.body.id}`)).status).toBe(403);
      expect(
        (await other.api.post(`/macros/${personal.body.id}/execute`, { conversation_ids: [await conversation()] }))
          .status,
      ).toBe(403);
      expect(((await other.api.get('/macros')).body.payload as Array<{ id: number }>).map((m) => m.id)).not.toContain(
        personal.body.id,
      );
    }
    expect(((await agent.api.get('/macros')).body.payload as Array<{ id: number }>).map((m) => m.id)).toEqual(
      expect.arrayContaining([global.id, personal.body.id]),
    );
    expect((await agent.api.delete(`/macros/${personal.body.id}`)).status).toBe(204);

    const stranger = await createTestAccount();
    expect((await stranger.admin.api.get(`/macros/${global.id}`)).status).toBe(404);
  });

  it.each([
    ['a blank name', { name: ' ' }, "Name can't be blank", 'name'],
    [
      'an action macros may not hold',
      { actions: [{ action_name: 'send_webhook_event', action_params: ['https://example.com/h'] }] },
      'Action 1: unknown action send_webhook_event',
      'actions[0].action_name',
    ],
    [
      'a label that does not exist',
      { actions: [{ action_name: 'add_label', action_params: ['nope-nope'] }] },
      'Action 1 (add_label): action_params name no label of the account: nope-nope',
      'actions[0].action_params',
    ],
  ])('refuses %s with 422', async (_, overrides, error, attribute) => {
    const response = await admin.api.post('/macros', macro(overrides));
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ error, attributes: [attribute] });
  });

  it.each([
    ['an unknown visibility', { visibility: 'team' }],
    ['actions that are not an array', { actions: 'add_label' }],
  ])('refuses %s with 400', async (_, overrides) => {
    expect((await admin.api.post('/macros', macro(overrides))).status).toBe(400);
  });

  it("executes over several conversations, in order, as the caller; its changes are not marked as a rule's", async () => {
    const created = await agent.api.post(
      '/macros',
      macro({
        visibility: 'personal',
        actions: [
          { action_name: 'add_label', action_params: [tag] },
          { action_name: 'change_priority', action_params: ['high'] },
          { action_name: 'assign_agent', action_params: [agent.id] },
          { action_name: 'add_private_note', action_params: ['macro ran'] },
        ],
      }),
    );
    expect(created.status).toBe(201);
    const ids = [await conversation(), await conversation()];
    const executed = await agent.api.post(`/macros/${created.body.id}/execute`, { conversation_ids: ids });
    expect(executed.status).toBe(200);
    expect(executed.body.payload.map((entry: { conversation_id: number }) => entry.conversation_id)).toEqual(ids);
    for (const entry of executed.body.payload)
      expect(entry.actions.every((a: { outcome: string }) => a.outcome === 'applied')).toBe(true);
    for (const id of ids)
      expect(await show(id)).toMatchObject({ labels: [tag], priority: 'high', assignee_id: agent.id });
    const events = await eventually(async () => {
      const found = (
        await publishedEvents<ConversationEventMap[typeof ConversationEvents.updated]>(ConversationEvents.updated)
      ).filter((e) => e.account_id === account.id && ids.includes(e.data.conversation.id));
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    expect(events.every((e) => e.meta.origin === `macro:${created.body.id}`)).toBe(true);
  });

  it("applies nothing when one conversation cannot be reached (403 outside the caller's inboxes, 404 when missing)", async () => {
    const created = (
      await agent.api.post(
        '/macros',
        macro({ visibility: 'personal', actions: [{ action_name: 'change_priority', action_params: ['urgent'] }] }),
      )
    ).body;
    const visible = await conversation();
    const hidden = await conversation(hiddenInboxId);
    expect(
      (await agent.api.post(`/macros/${created.id}/execute`, { conversation_ids: [visible, hidden] })).status,
    ).toBe(403);
    expect(
      (await agent.api.post(`/macros/${created.id}/execute`, { conversation_ids: [visible, 999_999] })).status,
    ).toBe(404);
    expect((await show(visible)).priority).toBeNull();
    expect((await agent.api.post(`/macros/${created.id}/execute`, { conversation_ids: [] })).status).toBe(400);
  });

  it('triggers automation rules with its changes', async () => {
    const trigger = `t-${unique()}`;
    expect((await admin.api.post('/labels', { title: trigger })).status).toBe(201);
    const rule = await admin.api.post('/automation_rules', {
      name: 'after a macro',
      event_name: 'conversation_updated',
      conditions: [{ attribute_key: 'labels', filter_operator: 'contains', values: [trigger] }],
      actions: [{ action_name: 'change_status', action_params: ['pending'] }],
    });
    expect(rule.status).toBe(201);
    const created = (
      await admin.api.post('/macros', macro({ actions: [{ action_name: 'add_label', action_params: [trigger] }] }))
    ).body;
    const id = await conversation();
    expect((await agent.api.post(`/macros/${created.id}/execute`, { conversation_ids: [id] })).status).toBe(200);
    await eventually(async () => expect((await show(id)).status).toBe('pending'));
    await admin.api.post(`/automation_rules/${rule.body.payload.id}/active`);
  });
});
