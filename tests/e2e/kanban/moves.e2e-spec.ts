import { createTestAccount, type ApiClient, type TestAccount } from '@parley/testing';
import { createCard, createFunnel, stage } from './kanban-fixtures';

type Card = Awaited<ReturnType<typeof createCard>>;

describe('Kanban moves, ordering and bulk operations', () => {
  let account: TestAccount;
  let api: ApiClient;

  beforeAll(async () => {
    account = await createTestAccount();
    api = account.admin.api;
  });

  const stageCards = async (funnelId: number, stageId: string): Promise<Card[]> =>
    (await api.get(`/kanban_items/batch?funnel_id=${funnelId}&stage_id=${stageId}&per_stage=200`)).body.data.payload;

  it('move_to_stage changes the stage, appends the card, records the visit; won/lost follow the stage name', async () => {
    const funnel = await createFunnel(api);
    const card = await createCard(api, { funnel_id: funnel.id, item_details: { title: 'Deal', value: 100 } });
    await createCard(api, {
      funnel_id: funnel.id,
      funnel_stage: 'qualified',
      item_details: { title: 'Already there' },
    });

    const qualified = await api.post(`/kanban_items/${card.id}/move_to_stage`, { funnel_stage: 'qualified' });
    expect(qualified.status).toBe(200);
    expect(qualified.body).toMatchObject({ funnel_stage: 'qualified', position: 2, item_details: { status: 'open' } });
    const won = await api.post(`/kanban_items/${card.id}/move_to_stage`, { funnel_stage: 'won' });
    expect(won.body).toMatchObject({ funnel_stage: 'won', item_details: { status: 'won' } });
    const lost = await api.post(`/kanban_items/${card.id}/move_to_stage`, { funnel_stage: 'lost' });
    expect(lost.body.item_details.status).toBe('lost');
    // A stage naming neither leaves the status as it is.
    expect(
      (await api.post(`/kanban_items/${card.id}/move_to_stage`, { funnel_stage: 'lead' })).body.item_details.status,
    ).toBe('lost');

    const report = await api.get(`/kanban_items/${card.id}/time_report`);
    expect(report.body).toMatchObject({ item_id: card.id, current_stage: 'lead' });
    expect(report.body.history.map((visit: { stage_id: string }) => visit.stage_id)).toEqual([
      'lead',
      'qualified',
      'won',
      'lost',
      'lead',
    ]);
    expect(report.body.history.filter((visit: { left_at: string | null }) => visit.left_at === null)).toHaveLength(1);
    const breakdown = await api.get(`/kanban_items/${card.id}/stage_time_breakdown`);
    expect(breakdown.body.find((entry: { stage_id: string }) => entry.stage_id === 'lead')).toMatchObject({
      visits: 2,
    });

    expect((await api.post(`/kanban_items/${card.id}/move_to_stage`, { funnel_stage: 'nope' })).status).toBe(422);
    expect((await api.post(`/kanban_items/${card.id}/move_to_stage`, {})).status).toBe(400);
  });

  it('moves a card to another funnel, by move_to_stage with funnel_id and by move', async () => {
    const from = await createFunnel(api);
    const to = await createFunnel(api, { stages: { intake: stage('Intake', 1), closed: stage('Closed won', 2) } });
    const card = await createCard(api, { funnel_id: from.id, item_details: { title: 'Traveller' } });
    const moved = await api.post(`/kanban_items/${card.id}/move_to_stage`, {
      funnel_stage: 'intake',
      funnel_id: to.id,
    });
    expect(moved.body).toMatchObject({ funnel_id: to.id, funnel_stage: 'intake', position: 1 });
    const back = await api.post(`/kanban_items/${card.id}/move`, { funnel_id: from.id, funnel_stage: 'proposal' });
    expect(back.body).toMatchObject({ funnel_id: from.id, funnel_stage: 'proposal' });
    const closed = await api.post(`/kanban_items/${card.id}/move`, { funnel_id: to.id, funnel_stage: 'closed' });
    expect(closed.body).toMatchObject({ funnel_id: to.id, funnel_stage: 'closed', item_details: { status: 'won' } });

    const wrongStage = await api.post(`/kanban_items/${card.id}/move`, { funnel_id: from.id, funnel_stage: 'closed' });
    expect(wrongStage.status).toBe(422);
    expect(wrongStage.body.attributes).toEqual(['funnel_stage']);
    const wrongFunnel = await api.post(`/kanban_items/${card.id}/move`, { funnel_id: 999999, funnel_stage: 'lead' });
    expect(wrongFunnel.status).toBe(422);
    expect(wrongFunnel.body.attributes).toEqual(['funnel_id']);
    const stranger = await createTestAccount();
    const theirs = await createFunnel(stranger.admin.api);
    expect(
      (await api.post(`/kanban_items/${card.id}/move`, { funnel_id: theirs.id, funnel_stage: 'lead' })).status,
    ).toBe(422);
  });

  it('reorders within a stage, shifting the others; an entry naming another stage moves the card there', async () => {
    const funnel = await createFunnel(api);
    const cards: Card[] = [];
    for (const title of ['A', 'B', 'C', 'D'])
      cards.push(await createCard(api, { funnel_id: funnel.id, item_details: { title } }));
    const [a, b, c, d] = cards;
    const response = await api.post('/kanban_items/reorder', {
      positions: [
        { id: d.id, position: 1, funnel_stage: 'lead' },
        { id: c.id, position: 2, funnel_stage: 'lead' },
        { id: a.id, position: 1, funnel_stage: 'qualified' },
      ],
    });
    expect(response.status).toBe(200);
    expect((await stageCards(funnel.id, 'lead')).map((card) => card.item_details.title)).toEqual(['D', 'C', 'B']);
    const lead = await stageCards(funnel.id, 'lead');
    expect(new Set(lead.map((card) => card.position)).size).toBe(3);
    expect((await stageCards(funnel.id, 'qualified')).map((card) => card.id)).toEqual([a.id]);
    expect((await api.get(`/kanban_items/${a.id}/time_report`)).body.history).toHaveLength(2);

    const missing = await api.post('/kanban_items/reorder', {
      positions: [
        { id: b.id, position: 1, funnel_stage: 'lead' },
        { id: 999999, position: 2, funnel_stage: 'lead' },
      ],
    });
    expect(missing.status).toBe(422);
    expect(missing.body.error).toContain('999999');
    expect(
      (await api.post('/kanban_items/reorder', { positions: [{ id: b.id, position: 1, funnel_stage: 'nope' }] }))
        .status,
    ).toBe(422);
  });

  it('keeps every card and never two cards at one position under concurrent moves and reorders', async () => {
    const funnel = await createFunnel(api);
    const cards: Card[] = [];
    for (let i = 0; i < 30; i += 1)
      cards.push(await createCard(api, { funnel_id: funnel.id, item_details: { title: `C${i}` } }));
    const targets = ['qualified', 'proposal', 'lead'];
    await Promise.all(
      cards.map((card, i) =>
        i % 5 === 0
          ? api.post('/kanban_items/reorder', { positions: [{ id: card.id, position: 1, funnel_stage: 'lead' }] })
          : api.post(`/kanban_items/${card.id}/move_to_stage`, { funnel_stage: targets[i % 3] }),
      ),
    );
    await Promise.all(
      cards
        .slice(0, 10)
        .map((card, i) =>
          api.post(`/kanban_items/${card.id}/move_to_stage`, { funnel_stage: targets[(i + 1) % 3], position: 1 }),
        ),
    );
    const batch = await api.get(`/kanban_items/batch?funnel_id=${funnel.id}&per_stage=200`);
    expect(batch.body.total_items).toBe(30);
    const seen = batch.body.data.payload as Card[];
    expect(new Set(seen.map((card) => card.id)).size).toBe(30);
    for (const stageId of ['lead', 'qualified', 'proposal']) {
      const positions = seen.filter((card) => card.funnel_stage === stageId).map((card) => card.position);
      expect({ stageId, unique: new Set(positions).size }).toEqual({ stageId, unique: positions.length });
    }
  });

  describe('bulk', () => {
    it('moves many cards at once, appended in id order, each with its visit and status', async () => {
      const funnel = await createFunnel(api);
      const cards: Card[] = [];
      for (let i = 0; i < 5; i += 1)
        cards.push(await createCard(api, { funnel_id: funnel.id, item_details: { title: `B${i}` } }));
      const response = await api.post('/kanban_items/bulk_move_items', {
        item_ids: cards.map((card) => card.id),
        new_stage: 'won',
        funnel_id: funnel.id,
      });
      expect(response.status).toBe(200);
      expect(
        response.body.payload.map((card: Card) => [card.funnel_stage, card.position, card.item_details.status]),
      ).toEqual([
        ['won', 1, 'won'],
        ['won', 2, 'won'],
        ['won', 3, 'won'],
        ['won', 4, 'won'],
        ['won', 5, 'won'],
      ]);
      expect((await api.get(`/kanban_items/${cards[0].id}/time_report`)).body.history).toHaveLength(2);
    });

    it('is all or nothing: one id of another account (or none) fails the call with 422 naming it, nothing changed', async () => {
      const funnel = await createFunnel(api);
      const mine = await createCard(api, { funnel_id: funnel.id, item_details: { title: 'Mine' } });
      const stranger = await createTestAccount();
      const theirs = await createCard(stranger.admin.api, {
        funnel_id: (await createFunnel(stranger.admin.api)).id,
        item_details: { title: 'Theirs' },
      });
      for (const [path, body] of [
        ['/kanban_items/bulk_move_items', { new_stage: 'won', funnel_id: funnel.id }],
        ['/kanban_items/bulk_set_priority', { priority: 'urgent' }],
        ['/kanban_items/bulk_assign_agent', { agent_id: account.admin.id, mode: 'add' }],
      ] as const) {
        const refused = await api.post(path, { item_ids: [mine.id, theirs.id, 999999], ...body });
        expect({ path, status: refused.status, attributes: refused.body.attributes }).toEqual({
          path,
          status: 422,
          attributes: ['item_ids'],
        });
        expect(refused.body.error).toContain(`${theirs.id}, 999999`);
      }
      expect((await api.get(`/kanban_items/${mine.id}`)).body).toMatchObject({
        funnel_stage: 'lead',
        assigned_agents: [],
        item_details: { priority: null },
      });
      expect(
        (
          await api.post('/kanban_items/bulk_move_items', {
            item_ids: [mine.id],
            new_stage: 'nope',
            funnel_id: funnel.id,
          })
        ).body.attributes,
      ).toEqual(['new_stage']);
      expect(
        (
          await api.post('/kanban_items/bulk_set_priority', {
            item_ids: Array.from({ length: 1001 }, (_, i) => i + 1),
            priority: 'low',
          })
        ).status,
      ).toBe(400);
      expect((await api.post('/kanban_items/bulk_set_priority', { item_ids: [], priority: 'low' })).status).toBe(400);
    });

    it('assigns an agent in replace and add modes, and sets priorities', async () => {
      const funnel = await createFunnel(api);
      const ada = await account.addUser('agent');
      const bo = await account.addUser('agent');
      const one = await createCard(api, {
        funnel_id: funnel.id,
        assigned_agents: [ada.id],
        item_details: { title: 'One' },
      });
      const two = await createCard(api, { funnel_id: funnel.id, item_details: { title: 'Two' } });
      const added = await api.post('/kanban_items/bulk_assign_agent', {
        item_ids: [one.id, two.id],
        agent_id: bo.id,
        mode: 'add',
      });
      expect(added.body.payload.map((card: Card) => card.assigned_agents)).toEqual([[ada.id, bo.id], [bo.id]]);
      const replaced = await api.post('/kanban_items/bulk_assign_agent', {
        item_ids: [one.id, two.id],
        agent_id: ada.id,
        mode: 'replace',
      });
      expect(replaced.body.payload.map((card: Card) => card.assigned_agents)).toEqual([[ada.id], [ada.id]]);
      expect(
        (await api.post('/kanban_items/bulk_assign_agent', { item_ids: [one.id], agent_id: 999999, mode: 'add' }))
          .status,
      ).toBe(422);
      expect(
        (await api.post('/kanban_items/bulk_assign_agent', { item_ids: [one.id], agent_id: ada.id, mode: 'swap' }))
          .status,
      ).toBe(400);
      const prioritised = await api.post('/kanban_items/bulk_set_priority', {
        item_ids: [one.id, two.id],
        priority: 'urgent',
      });
      expect(prioritised.body.payload.map((card: Card) => card.item_details.priority)).toEqual(['urgent', 'urgent']);
    });
  });
});
