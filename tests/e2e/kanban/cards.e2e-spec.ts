import { ContactEvents } from '@parley/contracts';
import {
  createTestAccount,
  eventually,
  publishEvent,
  seedContact,
  type ApiClient,
  type TestAccount,
  type TestUser,
} from '@parley/testing';
import { createCard, createFunnel } from './kanban-fixtures';

describe('Kanban cards', () => {
  let account: TestAccount;
  let api: ApiClient;
  let agent: TestUser;
  let inboxId: number;

  beforeAll(async () => {
    account = await createTestAccount();
    api = account.admin.api;
    agent = await account.addUser('agent');
    inboxId = (
      await api.post('/inboxes', { name: 'Site', channel: { type: 'web_widget', website_url: 'https://example.com' } })
    ).body.id;
  });

  const openConversation = async () => {
    const contact = await seedContact(account.id);
    const response = await api.post('/conversations', {
      source_id: `visitor-${contact.id}`,
      inbox_id: inboxId,
      contact_id: contact.id,
    });
    expect(response.status).toBe(201);
    return { conversation: response.body as { id: number }, contact };
  };

  it('creates a card at the end of its stage when no position is given, with details and custom attributes kept', async () => {
    const funnel = await createFunnel(api, {
      global_custom_attributes: [
        { key: 'source', type: 'list', values: ['ads', 'referral'] },
        { key: 'seats', type: 'number' },
      ],
    });
    const first = await createCard(api, {
      funnel_id: funnel.id,
      funnel_stage: 'lead',
      item_details: { title: 'First' },
    });
    const second = await createCard(api, {
      funnel_id: funnel.id,
      funnel_stage: 'lead',
      assigned_agents: [agent.id],
      item_details: {
        title: 'Second',
        description: 'Big one',
        priority: 'high',
        value: 1500.5,
        currency: { symbol: '€', code: 'EUR', locale: 'de-DE' },
      },
      custom_attributes: { source: 'ads', seats: 12, note: 'free-form' },
    });
    expect(first.position).toBe(1);
    expect(second).toMatchObject({
      funnel_id: funnel.id,
      funnel_stage: 'lead',
      position: 2,
      assigned_agents: [agent.id],
      item_details: {
        title: 'Second',
        description: 'Big one',
        status: 'open',
        priority: 'high',
        value: 1500.5,
        currency: { symbol: '€', code: 'EUR', locale: 'de-DE' },
      },
      custom_attributes: { source: 'ads', seats: 12, note: 'free-form' },
    });
    expect((await api.get(`/kanban_items/${second.id}`)).body.custom_attributes).toEqual({
      source: 'ads',
      seats: 12,
      note: 'free-form',
    });

    const inserted = await createCard(api, {
      funnel_id: funnel.id,
      funnel_stage: 'lead',
      position: 1,
      item_details: { title: 'Inserted' },
    });
    expect(inserted.position).toBe(1);
    const lead = await api.get(`/kanban_items/batch?funnel_id=${funnel.id}&stage_id=lead`);
    expect(lead.body.data.payload.map((card: { item_details: { title: string } }) => card.item_details.title)).toEqual([
      'Inserted',
      'First',
      'Second',
    ]);
    expect(lead.body.data.payload.map((card: { position: number }) => card.position)).toEqual([1, 2, 3]);
  });

  it('goes to the default funnel and its first stage when neither is given', async () => {
    const other = await createTestAccount();
    const funnel = await createFunnel(other.admin.api, { is_default: true });
    const card = await createCard(other.admin.api, { item_details: { title: 'Defaults' } });
    expect(card).toMatchObject({ funnel_id: funnel.id, funnel_stage: 'lead' });
  });

  it.each([
    [{ item_details: { title: ' ' } }, 422, ['item_details.title']],
    [{ funnel_stage: 'nope' }, 422, ['funnel_stage']],
    [{ funnel_id: 999999 }, 422, ['funnel_id']],
    [{ custom_attributes: { source: 'tv' } }, 422, ['custom_attributes.source']],
    [{ custom_attributes: { seats: 'many' } }, 422, ['custom_attributes.seats']],
    [{ assigned_agents: [999999] }, 422, ['assigned_agents']],
    [{ conversation_display_id: 999999 }, 422, ['conversation_display_id']],
    [{ item_details: { title: 'x', priority: 'highest' } }, 400, undefined],
    [{ position: -1 }, 400, undefined],
  ])('refuses %j', async (change, status, attributes) => {
    const funnel = await createFunnel(api, {
      global_custom_attributes: [
        { key: 'source', type: 'list', values: ['ads'] },
        { key: 'seats', type: 'number' },
      ],
    });
    const response = await api.post('/kanban_items', {
      kanban_item: { funnel_id: funnel.id, item_details: { title: 'Card' }, ...change },
    });
    expect(response.status).toBe(status);
    if (attributes) expect(response.body.attributes).toEqual(attributes);
  });

  it('links a conversation created a moment before (read your writes), and clears the link when the conversation is deleted', async () => {
    const funnel = await createFunnel(api);
    const { conversation, contact } = await openConversation();
    const card = await createCard(api, {
      funnel_id: funnel.id,
      conversation_display_id: conversation.id,
      item_details: { title: 'Linked' },
    });
    expect(card).toMatchObject({
      conversation_display_id: conversation.id,
      item_details: { conversation_id: conversation.id },
    });
    expect(
      (await api.get(`/kanban_items?conversation_id=${conversation.id}`)).body.payload.map((c: { id: number }) => c.id),
    ).toEqual([card.id]);

    await publishEvent(ContactEvents.deleted, account.id, { contact });
    await eventually(async () => {
      expect((await api.get(`/kanban_items/${card.id}`)).body.conversation_display_id).toBeNull();
    });
  });

  it('takes an agent added a moment before, and drops an agent removed from the account', async () => {
    const funnel = await createFunnel(api);
    const newcomer = await account.addUser('agent');
    const card = await createCard(api, {
      funnel_id: funnel.id,
      assigned_agents: [newcomer.id, agent.id],
      item_details: { title: 'Staffed' },
    });
    expect(card.assigned_agents).toEqual([newcomer.id, agent.id]);
    expect((await api.delete(`/agents/${newcomer.id}`)).status).toBe(204);
    await eventually(async () => {
      expect((await api.get(`/kanban_items/${card.id}`)).body.assigned_agents).toEqual([agent.id]);
    });
  });

  it('updates details but never the stage, funnel or position (422 pointing to the move endpoints)', async () => {
    const funnel = await createFunnel(api);
    const card = await createCard(api, { funnel_id: funnel.id, item_details: { title: 'Before', value: 10 } });
    const updated = await api.patch(`/kanban_items/${card.id}`, {
      kanban_item: { item_details: { title: 'After', priority: 'urgent' }, custom_attributes: { x: 1 } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      funnel_stage: 'lead',
      item_details: { title: 'After', value: 10, priority: 'urgent' },
      custom_attributes: { x: 1 },
    });
    // The card's own placement sent back unchanged is fine.
    expect(
      (
        await api.put(`/kanban_items/${card.id}`, {
          kanban_item: { funnel_id: funnel.id, funnel_stage: 'lead', item_details: { value: 20 } },
        })
      ).status,
    ).toBe(200);
    for (const change of [{ funnel_stage: 'won' }, { funnel_id: funnel.id + 1000 }, { position: 99 }]) {
      const refused = await api.patch(`/kanban_items/${card.id}`, { kanban_item: change });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatch(/move_to_stage/);
      expect(refused.body.attributes).toEqual(Object.keys(change));
    }
    expect((await api.get(`/kanban_items/${card.id}`)).body).toMatchObject({
      funnel_stage: 'lead',
      position: 1,
      item_details: { value: 20 },
    });
  });

  it('deletes a card; unknown and foreign cards are 404', async () => {
    const funnel = await createFunnel(api);
    const card = await createCard(api, { funnel_id: funnel.id, item_details: { title: 'Gone' } });
    expect((await api.delete(`/kanban_items/${card.id}`)).status).toBe(204);
    expect((await api.get(`/kanban_items/${card.id}`)).status).toBe(404);
    expect((await api.delete(`/kanban_items/${card.id}`)).status).toBe(404);
    const stranger = await createTestAccount();
    const theirs = await createCard(stranger.admin.api, {
      funnel_id: (await createFunnel(stranger.admin.api)).id,
      item_details: { title: 'Theirs' },
    });
    expect((await api.get(`/kanban_items/${theirs.id}`)).status).toBe(404);
    expect((await api.post(`/kanban_items/${theirs.id}/move_to_stage`, { funnel_stage: 'won' })).status).toBe(404);
  });

  it('lists 25 per page with meta, by funnel, stage, agent and conversation', async () => {
    const other = await createTestAccount();
    const own = other.admin.api;
    const otherAgent = await other.addUser('agent');
    const funnel = await createFunnel(own);
    for (let i = 0; i < 27; i += 1)
      await createCard(own, {
        funnel_id: funnel.id,
        funnel_stage: i < 3 ? 'won' : 'lead',
        assigned_agents: i < 2 ? [otherAgent.id] : [],
        item_details: { title: `Card ${i}` },
      });
    const first = await own.get(`/kanban_items?funnel_id=${funnel.id}`);
    expect(first.body.meta).toEqual({ count: 27, current_page: 1, total_pages: 2 });
    expect(first.body.payload).toHaveLength(25);
    expect((await own.get(`/kanban_items?funnel_id=${funnel.id}&page=2`)).body.payload).toHaveLength(2);
    expect((await own.get(`/funnels/${funnel.id}/kanban_items`)).body.meta.count).toBe(27);
    expect((await own.get(`/kanban_items?funnel_id=${funnel.id}&stage_id=won`)).body.meta.count).toBe(3);
    expect((await own.get(`/kanban_items?agent_id=${otherAgent.id}`)).body.meta.count).toBe(2);
    // page ≤ 0 is the first page (decisions: tolerant input); past the cap is malformed.
    expect((await own.get(`/kanban_items?funnel_id=${funnel.id}&page=0`)).body).toEqual(first.body);
    expect((await own.get('/kanban_items?page=100001')).status).toBe(400);
  });

  it('assigns and removes agents, lists them, and changes the status by hand', async () => {
    const funnel = await createFunnel(api);
    const card = await createCard(api, { funnel_id: funnel.id, item_details: { title: 'Agents' } });
    expect(
      (await api.post(`/kanban_items/${card.id}/assign_agent`, { agent_id: agent.id })).body.assigned_agents,
    ).toEqual([agent.id]);
    expect(
      (await api.post(`/kanban_items/${card.id}/assign_agent`, { agent_id: account.admin.id })).body.assigned_agents,
    ).toEqual([agent.id, account.admin.id]);
    expect((await api.get(`/kanban_items/${card.id}/assigned_agents`)).body).toEqual({
      assigned_agents: [agent.id, account.admin.id],
    });
    const missing = await api.post(`/kanban_items/${card.id}/assign_agent`, { agent_id: 999999 });
    expect(missing.status).toBe(422);
    expect(missing.body.attributes).toEqual(['agent_id']);
    expect(
      (await api.delete(`/kanban_items/${card.id}/remove_agent`, { body: { agent_id: agent.id } })).body
        .assigned_agents,
    ).toEqual([account.admin.id]);
    expect(
      (await api.post(`/kanban_items/${card.id}/change_status`, { status: 'lost' })).body.item_details.status,
    ).toBe('lost');
    expect((await api.post(`/kanban_items/${card.id}/change_status`, { status: 'gone' })).status).toBe(400);
  });

  it('auto-assigns round-robin among online agents, least recently assigned first', async () => {
    const other = await createTestAccount();
    const own = other.admin.api;
    const ada = await other.addUser('agent');
    const bo = await other.addUser('agent');
    for (const user of [ada, bo])
      expect((await own.patch(`/agents/${user.id}`, { availability_status: 'online' })).status).toBe(200);
    await own.patch('/kanban_config', { kanban_config: { config: { auto_assignment: true } } });
    const funnel = await createFunnel(own);
    const picks: number[] = [];
    for (let i = 0; i < 4; i += 1)
      picks.push(
        (await createCard(own, { funnel_id: funnel.id, item_details: { title: `Auto ${i}` } })).assigned_agents[0],
      );
    const online = [ada.id, bo.id].sort((a, b) => a - b);
    expect(picks).toEqual([...online, ...online]);
    const chosen = await createCard(own, {
      funnel_id: funnel.id,
      assigned_agents: [ada.id],
      item_details: { title: 'Chosen' },
    });
    expect(chosen.assigned_agents).toEqual([ada.id]);
  });
});
