import {
  createTestAccount,
  eventually,
  gatewayClient,
  readE2eState,
  startReplica,
  startService,
  stopReplicas,
  stopService,
  type ApiClient,
  type TestAccount,
} from '@parley/testing';
import { Client } from 'pg';
import { createCard, createFunnel } from './kanban-fixtures';

type Run = { item_id: number; trigger: string; outcome: string; detail: string | null };

describe('Kanban stage automations', () => {
  let account: TestAccount;
  let api: ApiClient;
  let legacy: ApiClient;

  beforeAll(async () => {
    account = await createTestAccount();
    api = account.admin.api;
    legacy = gatewayClient(account.admin.token);
  });

  const automation = async (fields: Record<string, unknown>) => {
    const response = await api.post('/kanban/automations', { kanban_automation: { name: 'Auto', ...fields } });
    expect(response.status).toBe(201);
    return response.body as { id: number };
  };
  const runsOf = async (id: number): Promise<Run[]> => (await api.get(`/kanban/automations/${id}/runs`)).body;
  const cardOf = async (id: number) => (await api.get(`/kanban_items/${id}`)).body;

  it('keeps one store behind the account-scoped and the legacy endpoints', async () => {
    const funnel = await createFunnel(api);
    const created = await automation({
      funnel_id: funnel.id,
      trigger: 'stage_entered',
      stage_id: 'won',
      actions: [{ action_name: 'change_status', action_params: ['won'] }],
    });
    expect((await legacy.get(`/api/v1/kanban_automations/${created.id}`)).body).toMatchObject({
      id: created.id,
      trigger: 'stage_entered',
      stage_id: 'won',
      active: true,
    });
    const viaLegacy = await legacy.post('/api/v1/kanban_automations', {
      kanban_automation: {
        name: 'Legacy',
        funnel_id: funnel.id,
        trigger: 'item_created',
        actions: [{ action_name: 'set_priority', action_params: ['low'] }],
      },
    });
    expect(viaLegacy.status).toBe(201);
    expect((await api.get('/kanban/automations')).body.map((found: { id: number }) => found.id)).toEqual([
      created.id,
      viaLegacy.body.id,
    ]);
    expect((await legacy.get('/api/v1/kanban_automations')).body.map((found: { id: number }) => found.id)).toEqual([
      created.id,
      viaLegacy.body.id,
    ]);
    expect(
      (await legacy.patch(`/api/v1/kanban_automations/${created.id}`, { kanban_automation: { active: false } })).body
        .active,
    ).toBe(false);
    expect((await api.get(`/kanban/automations/${created.id}`)).body.active).toBe(false);
    expect(
      (await api.put(`/kanban/automations/${viaLegacy.body.id}`, { kanban_automation: { name: 'Renamed' } })).body.name,
    ).toBe('Renamed');
    expect((await legacy.delete(`/api/v1/kanban_automations/${viaLegacy.body.id}`)).status).toBe(204);
    expect((await api.get(`/kanban/automations/${viaLegacy.body.id}`)).status).toBe(404);
    expect((await api.delete(`/kanban/automations/${created.id}`)).status).toBe(204);
    expect((await legacy.get(`/api/v1/kanban_automations/${created.id}`)).status).toBe(404);
    const agent = await account.addUser('agent');
    expect((await gatewayClient(agent.token).get('/api/v1/kanban_automations')).status).toBe(403);
    expect((await gatewayClient().get('/api/v1/kanban_automations')).status).toBe(401);
  });

  it.each([
    [{ trigger: 'whenever' }, 'trigger'],
    [{ trigger: 'stage_entered' }, 'stage_id'],
    [{ trigger: 'time_in_stage', stage_id: 'lead' }, 'hours'],
    [{ trigger: 'stage_entered', stage_id: 'nope' }, 'stage_id'],
    [{ trigger: 'item_created', actions: [] }, 'actions'],
    [{ trigger: 'item_created', actions: [{ action_name: 'explode', action_params: [1] }] }, 'actions.0.action_name'],
    [
      { trigger: 'item_created', actions: [{ action_name: 'assign_agent', action_params: [999999] }] },
      'actions.0.action_params',
    ],
    [
      { trigger: 'item_created', actions: [{ action_name: 'move_to_stage', action_params: ['nope'] }] },
      'actions.0.action_params',
    ],
    [
      { trigger: 'item_created', actions: [{ action_name: 'send_webhook', action_params: ['http://10.0.0.1/hook'] }] },
      'actions.0.action_params',
    ],
    [
      { trigger: 'item_created', conditions: [{ attribute: 'colour', operator: 'equal_to', value: 'red' }] },
      'conditions.0.attribute',
    ],
    [{ trigger: 'item_created', funnel_id: 999999 }, 'funnel_id'],
  ])('refuses %j with 422 naming the fault', async (fields, field) => {
    const funnel = await createFunnel(api);
    const response = await api.post('/kanban/automations', {
      kanban_automation: {
        name: 'Bad',
        funnel_id: funnel.id,
        actions: [{ action_name: 'set_priority', action_params: ['low'] }],
        ...fields,
      },
    });
    expect({ status: response.status, attributes: response.body.attributes }).toEqual({
      status: 422,
      attributes: [field],
    });
  });

  it('runs on created cards and on moves (entered, left, status by a won stage), never on a plain update, and logs each run', async () => {
    const funnel = await createFunnel(api);
    const onCreate = await automation({
      funnel_id: funnel.id,
      trigger: 'item_created',
      actions: [{ action_name: 'add_checklist_item', action_params: ['Qualify the lead'] }],
    });
    const onEnter = await automation({
      funnel_id: funnel.id,
      trigger: 'stage_entered',
      stage_id: 'qualified',
      conditions: [{ attribute: 'value', operator: 'greater_than', value: 100 }],
      actions: [
        { action_name: 'set_priority', action_params: ['high'] },
        { action_name: 'create_note', action_params: ['Qualified by automation'] },
      ],
    });
    const onLeave = await automation({
      funnel_id: funnel.id,
      trigger: 'stage_left',
      stage_id: 'lead',
      actions: [{ action_name: 'assign_agent', action_params: [account.admin.id] }],
    });
    const onStatus = await automation({
      funnel_id: funnel.id,
      trigger: 'status_changed',
      actions: [{ action_name: 'add_checklist_item', action_params: ['Send the invoice'] }],
    });

    const big = await createCard(api, { funnel_id: funnel.id, item_details: { title: 'Big', value: 500 } });
    const small = await createCard(api, { funnel_id: funnel.id, item_details: { title: 'Small', value: 5 } });
    await eventually(async () =>
      expect(
        (await api.get(`/kanban_items/${big.id}/get_checklist`)).body.map((item: { text: string }) => item.text),
      ).toEqual(['Qualify the lead']),
    );

    // A plain update changes nothing automations watch.
    await api.patch(`/kanban_items/${big.id}`, { kanban_item: { item_details: { title: 'Big deal' } } });
    await api.post(`/kanban_items/${big.id}/move_to_stage`, { funnel_stage: 'qualified' });
    await api.post(`/kanban_items/${small.id}/move_to_stage`, { funnel_stage: 'qualified' });
    await eventually(async () => {
      expect(await cardOf(big.id)).toMatchObject({
        assigned_agents: [account.admin.id],
        item_details: { priority: 'high' },
      });
      expect(
        (await api.get(`/kanban_items/${big.id}/get_notes`)).body.map((note: { text: string }) => note.text),
      ).toEqual(['Qualified by automation']);
      expect((await runsOf(onLeave.id)).map((run) => run.item_id).sort()).toEqual([big.id, small.id].sort());
      expect(await runsOf(onEnter.id)).toEqual([
        expect.objectContaining({ item_id: big.id, trigger: 'stage_entered', outcome: 'success' }),
      ]);
    });
    // The condition kept the small card out.
    expect((await cardOf(small.id)).item_details.priority).toBeNull();

    await api.post(`/kanban_items/${big.id}/move_to_stage`, { funnel_stage: 'won' });
    await eventually(async () => expect((await runsOf(onStatus.id)).map((run) => run.item_id)).toEqual([big.id]));
    expect((await runsOf(onCreate.id)).map((run) => run.item_id).sort()).toEqual([big.id, small.id].sort());
  });

  it("does not let an automation's own move trigger automations (loop guard)", async () => {
    const funnel = await createFunnel(api);
    const mover = await automation({
      funnel_id: funnel.id,
      trigger: 'stage_entered',
      stage_id: 'qualified',
      actions: [{ action_name: 'move_to_stage', action_params: ['proposal'] }],
    });
    const onProposal = await automation({
      funnel_id: funnel.id,
      trigger: 'stage_entered',
      stage_id: 'proposal',
      actions: [{ action_name: 'set_priority', action_params: ['urgent'] }],
    });
    const moved = await createCard(api, { funnel_id: funnel.id, item_details: { title: 'Moved by automation' } });
    const byHand = await createCard(api, { funnel_id: funnel.id, item_details: { title: 'Moved by hand' } });
    await api.post(`/kanban_items/${moved.id}/move_to_stage`, { funnel_stage: 'qualified' });
    await eventually(async () => expect((await cardOf(moved.id)).funnel_stage).toBe('proposal'));
    // A later move by hand into proposal runs the second automation: the earlier (automation's) move was seen before it.
    await api.post(`/kanban_items/${byHand.id}/move_to_stage`, { funnel_stage: 'proposal' });
    await eventually(async () => expect((await runsOf(onProposal.id)).map((run) => run.item_id)).toEqual([byHand.id]));
    expect((await cardOf(moved.id)).item_details.priority).toBeNull();
    expect((await runsOf(mover.id)).map((run) => run.item_id)).toEqual([moved.id]);
  });

  it('fires a time-in-stage automation after a restart of the kanban service, and not for a card that left the stage', async () => {
    const funnel = await createFunnel(api);
    // An hour lasts a second in this run (KANBAN_HOUR_MS).
    const timed = await automation({
      funnel_id: funnel.id,
      trigger: 'time_in_stage',
      stage_id: 'lead',
      hours: 3,
      actions: [{ action_name: 'set_priority', action_params: ['urgent'] }],
    });
    const staying = await createCard(api, { funnel_id: funnel.id, item_details: { title: 'Staying' } });
    const leaving = await createCard(api, { funnel_id: funnel.id, item_details: { title: 'Leaving' } });
    await api.post(`/kanban_items/${leaving.id}/move_to_stage`, { funnel_stage: 'qualified' });
    await stopService('kanban');
    await startService('kanban');
    await eventually(async () => expect((await cardOf(staying.id)).item_details.priority).toBe('urgent'), {
      timeoutMs: 20_000,
    });
    expect(await runsOf(timed.id)).toEqual([
      expect.objectContaining({ item_id: staying.id, trigger: 'time_in_stage', outcome: 'success' }),
    ]);
    expect((await cardOf(leaving.id)).item_details.priority).toBeNull();
  });

  it('fires each time-in-stage automation once with two kanban replicas', async () => {
    await startReplica('kanban');
    try {
      const funnel = await createFunnel(api);
      const timed = await automation({
        funnel_id: funnel.id,
        trigger: 'time_in_stage',
        stage_id: 'lead',
        hours: 1,
        actions: [{ action_name: 'add_checklist_item', action_params: ['Follow up'] }],
      });
      const cards = [];
      for (let i = 0; i < 8; i += 1)
        cards.push(await createCard(api, { funnel_id: funnel.id, item_details: { title: `Timed ${i}` } }));
      await eventually(async () => expect(await runsOf(timed.id)).toHaveLength(8), { timeoutMs: 20_000 });
      for (const card of cards) expect((await api.get(`/kanban_items/${card.id}/get_checklist`)).body).toHaveLength(1);
      expect(new Set((await runsOf(timed.id)).map((run) => run.item_id)).size).toBe(8);
    } finally {
      await stopReplicas('kanban');
    }
  });

  it('adds no second checklist item when a timer fires again (its replica died before deleting it)', async () => {
    const funnel = await createFunnel(api);
    const timed = await automation({
      funnel_id: funnel.id,
      trigger: 'time_in_stage',
      stage_id: 'lead',
      hours: 2,
      actions: [{ action_name: 'add_checklist_item', action_params: ['Call back'] }],
    });
    const card = await createCard(api, { funnel_id: funnel.id, item_details: { title: 'Fired twice' } });
    const db = new Client({ connectionString: readE2eState().databaseUrl });
    await db.connect();
    try {
      // The timer is written by the consumer of the card's event; it is due two (test) hours later.
      const timer = await eventually(async () => {
        const [row] = (
          await db.query(
            'SELECT id, automation_id, card_id, visit_id FROM kanban.automation_timers WHERE card_id = $1',
            [card.id],
          )
        ).rows;
        expect(row).toBeDefined();
        return row;
      });
      await eventually(async () => expect(await runsOf(timed.id)).toHaveLength(1), { timeoutMs: 20_000 });
      // The same timer again, as a replica killed between the action and the delete leaves it.
      await db.query(
        'INSERT INTO kanban.automation_timers (id, automation_id, card_id, visit_id, due_at) VALUES ($1, $2, $3, $4, now())',
        [timer.id, timer.automation_id, timer.card_id, timer.visit_id],
      );
      await eventually(async () => expect(await runsOf(timed.id)).toHaveLength(2), { timeoutMs: 20_000 });
      expect((await api.get(`/kanban_items/${card.id}/get_checklist`)).body).toEqual([
        expect.objectContaining({ text: 'Call back' }),
      ]);
    } finally {
      await db.end();
    }
  });
});
