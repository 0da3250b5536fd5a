import { createTestAccount, type ApiClient, type TestAccount } from '@parley/testing';
import { createCard, createFunnel } from './kanban-fixtures';

type Card = Awaited<ReturnType<typeof createCard>>;

describe('Kanban batch, search, filter, statistics and reports', () => {
  let account: TestAccount;
  let api: ApiClient;

  beforeAll(async () => {
    account = await createTestAccount();
    api = account.admin.api;
  });

  const titles = (page: { payload: Card[] }) => page.payload.map((card) => card.item_details.title).sort();

  it('loads a board of 3,000+ cards in one call: first page of each stage, counts of all', async () => {
    const funnel = await createFunnel(api);
    const plan: Array<[string, number]> = [
      ['lead', 1800],
      ['qualified', 900],
      ['proposal', 320],
      ['won', 0],
      ['lost', 7],
    ];
    const jobs = plan.flatMap(([stageId, count]) => Array.from({ length: count }, (_, i) => ({ stageId, i })));
    for (let start = 0; start < jobs.length; start += 40) {
      await Promise.all(
        jobs.slice(start, start + 40).map(({ stageId, i }) =>
          createCard(api, {
            funnel_id: funnel.id,
            funnel_stage: stageId,
            item_details: { title: `${stageId} ${i}` },
          }),
        ),
      );
    }
    const batch = await api.get(`/kanban_items/batch?funnel_id=${funnel.id}`);
    expect(batch.status).toBe(200);
    expect(batch.body.stage_counts).toEqual({ lead: 1800, qualified: 900, proposal: 320, won: 0, lost: 7 });
    expect(batch.body.total_items).toBe(3027);
    expect(batch.body.data.payload).toHaveLength(25 + 25 + 25 + 0 + 7);
    const lead = (batch.body.data.payload as Card[]).filter((card) => card.funnel_stage === 'lead');
    expect(lead.map((card) => card.position)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));

    const page3 = await api.get(`/kanban_items/batch?funnel_id=${funnel.id}&per_stage=100&stage_page=3`);
    const byStage = (stageId: string) =>
      (page3.body.data.payload as Card[]).filter((card) => card.funnel_stage === stageId);
    expect(byStage('lead').map((card) => card.position)).toEqual(Array.from({ length: 100 }, (_, i) => i + 201));
    expect(byStage('proposal').map((card) => card.position)).toEqual(Array.from({ length: 100 }, (_, i) => i + 201));
    expect(byStage('lost')).toHaveLength(0);
    expect(page3.body.stage_counts.lead).toBe(1800);

    const stats = await api.get(`/funnels/${funnel.id}/stage_stats`);
    expect(stats.body.lead).toEqual({ name: 'Lead', count: 1800, total_value: 0 });
    expect((await api.get(`/kanban_items/counts?funnel_id=${funnel.id}`)).body).toMatchObject({
      total: 3027,
      by_stage: { lead: 1800, lost: 7 },
    });
    expect((await api.get('/kanban_items/batch?funnel_id=999999')).status).toBe(422);
    expect((await api.get('/kanban_items/batch?per_stage=500')).status).toBe(400);
  });

  it('searches title and description by word prefixes, within a funnel and an agent', async () => {
    const other = await createTestAccount();
    const own = other.admin.api;
    const agent = await other.addUser('agent');
    const funnel = await createFunnel(own);
    const second = await createFunnel(own);
    await createCard(own, {
      funnel_id: funnel.id,
      item_details: { title: 'Acme renewal', description: 'Enterprise licence' },
    });
    await createCard(own, {
      funnel_id: funnel.id,
      assigned_agents: [agent.id],
      item_details: { title: 'Globex', description: 'Renewal of the acme-style plan' },
    });
    await createCard(own, { funnel_id: second.id, item_details: { title: 'Acme expansion' } });
    await createCard(own, { funnel_id: funnel.id, item_details: { title: 'Initech' } });
    expect(titles((await own.get('/kanban_items/search?query=acme')).body)).toEqual([
      'Acme expansion',
      'Acme renewal',
      'Globex',
    ]);
    expect(titles((await own.get('/kanban_items/search?query=renew')).body)).toEqual(['Acme renewal', 'Globex']);
    expect(titles((await own.get('/kanban_items/search?query=enterprise licence')).body)).toEqual(['Acme renewal']);
    expect(titles((await own.get(`/kanban_items/search?query=acme&funnel_id=${second.id}`)).body)).toEqual([
      'Acme expansion',
    ]);
    expect(titles((await own.get(`/kanban_items/search?query=acme&agent_id=${agent.id}`)).body)).toEqual(['Globex']);
    expect((await own.get('/kanban_items/search?query=%26%7C')).body.payload).toEqual([]);
    expect((await own.get('/kanban_items/search')).status).toBe(400);
  });

  it('honours every filter', async () => {
    const other = await createTestAccount();
    const own = other.admin.api;
    const agent = await other.addUser('agent');
    const funnel = await createFunnel(own);
    const second = await createFunnel(own);
    await createCard(own, { funnel_id: funnel.id, item_details: { title: 'Small low', priority: 'low', value: 10 } });
    await createCard(own, {
      funnel_id: funnel.id,
      assigned_agents: [agent.id],
      item_details: { title: 'Mid high', priority: 'high', value: 500 },
    });
    await createCard(own, {
      funnel_id: funnel.id,
      item_details: { title: 'Big urgent', priority: 'urgent', value: 5000 },
    });
    await createCard(own, { funnel_id: second.id, item_details: { title: 'Elsewhere', priority: 'high', value: 700 } });
    const filter = async (query: string) => titles((await own.get(`/kanban_items/filter?${query}`)).body);
    expect(await filter(`funnel_id=${funnel.id}`)).toEqual(['Big urgent', 'Mid high', 'Small low']);
    expect(await filter('priorities[]=high&priorities[]=urgent')).toEqual(['Big urgent', 'Elsewhere', 'Mid high']);
    expect(await filter('priorities=low,urgent')).toEqual(['Big urgent', 'Small low']);
    expect(await filter('value_min=500')).toEqual(['Big urgent', 'Elsewhere', 'Mid high']);
    expect(await filter('value_max=700')).toEqual(['Elsewhere', 'Mid high', 'Small low']);
    expect(await filter('value_min=100&value_max=600')).toEqual(['Mid high']);
    expect(await filter(`agent_id=${agent.id}`)).toEqual(['Mid high']);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect(await filter(`from=${encodeURIComponent(future)}`)).toEqual([]);
    expect(await filter(`from=${encodeURIComponent(past)}&funnel_id=${second.id}`)).toEqual(['Elsewhere']);
    expect(await filter(`to=${encodeURIComponent(past)}`)).toEqual([]);
    expect(await filter(`to=${encodeURIComponent(future)}&priorities[]=low`)).toEqual(['Small low']);
    expect((await own.get('/kanban_items/filter?priorities[]=highest')).status).toBe(400);
    expect((await own.get('/kanban_items/filter?value_min=lots')).status).toBe(400);
    expect((await own.get('/kanban_items/filter?from=yesterday')).status).toBe(400);
  });

  it('reports per stage the cards, value, time and conversion, and the won and lost value, on a hand-built funnel', async () => {
    const other = await createTestAccount();
    const own = other.admin.api;
    const ada = await other.addUser('agent');
    const funnel = await createFunnel(own);
    const move = (card: Card, stageId: string) =>
      own.post(`/kanban_items/${card.id}/move_to_stage`, { funnel_stage: stageId });
    const a = await createCard(own, {
      funnel_id: funnel.id,
      assigned_agents: [ada.id],
      item_details: { title: 'A', value: 1000 },
    });
    const b = await createCard(own, { funnel_id: funnel.id, item_details: { title: 'B', value: 200 } });
    await createCard(own, { funnel_id: funnel.id, item_details: { title: 'C', value: 30 } });
    const d = await createCard(own, { funnel_id: funnel.id, item_details: { title: 'D', value: 4 } });
    for (const target of ['qualified', 'proposal', 'won']) await move(a, target);
    await move(b, 'qualified');
    await move(d, 'lost');

    const report = await own.get(`/kanban_items/reports?funnel_id=${funnel.id}`);
    expect(report.status).toBe(200);
    const rows = report.body.stages.map(({ average_time_in_stage, ...rest }: { average_time_in_stage: number }) => {
      expect(average_time_in_stage).toBeGreaterThanOrEqual(0);
      return rest;
    });
    expect(rows).toEqual([
      { stage_id: 'lead', name: 'Lead', count: 1, total_value: 30, conversion_rate: 0.5 },
      { stage_id: 'qualified', name: 'Qualified', count: 1, total_value: 200, conversion_rate: 0.5 },
      { stage_id: 'proposal', name: 'Proposal', count: 0, total_value: 0, conversion_rate: 1 },
      { stage_id: 'won', name: 'Deal won', count: 1, total_value: 1000, conversion_rate: 0 },
      { stage_id: 'lost', name: 'Deal Lost', count: 1, total_value: 4, conversion_rate: 0 },
    ]);
    expect(report.body).toMatchObject({ won_value: 1000, won_count: 1, lost_value: 4, lost_count: 1 });

    const mine = await own.get(`/kanban_items/reports?funnel_id=${funnel.id}&user_ids[]=${ada.id}`);
    expect(mine.body).toMatchObject({ won_count: 1, lost_count: 0 });
    expect(mine.body.stages[0]).toMatchObject({ stage_id: 'lead', count: 0, conversion_rate: 1 });
    const later = await own.get(
      `/kanban_items/reports?funnel_id=${funnel.id}&from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
    );
    expect(later.body.stages.every((row: { count: number }) => row.count === 0)).toBe(true);
    expect((await own.get(`/kanban_items/reports?funnel_id=${funnel.id}&inbox_id=999999`)).body.won_count).toBe(0);
    expect((await own.get('/kanban_items/reports?user_ids[]=x')).status).toBe(400);

    expect((await own.get(`/funnels/${funnel.id}/stage_stats`)).body).toEqual({
      lead: { name: 'Lead', count: 1, total_value: 30 },
      qualified: { name: 'Qualified', count: 1, total_value: 200 },
      proposal: { name: 'Proposal', count: 0, total_value: 0 },
      won: { name: 'Deal won', count: 1, total_value: 1000 },
      lost: { name: 'Deal Lost', count: 1, total_value: 4 },
    });
    expect((await own.get('/funnels/999999/stage_stats')).status).toBe(404);
    expect((await own.get(`/kanban_items/counts?funnel_id=${funnel.id}`)).body).toEqual({
      total: 4,
      by_status: { open: 2, won: 1, lost: 1 },
      by_stage: { lead: 1, qualified: 1, won: 1, lost: 1 },
      by_priority: { none: 4 },
    });
    const debug = await own.get(`/kanban_items/debug?funnel_id=${funnel.id}`);
    expect(debug.body.counts).toEqual({ funnels: 1, items: 4, stages: 5 });
    expect(debug.body.last_events.map((event: { type: string }) => event.type)).toContain('kanban.item.stage_changed');
  });
});
