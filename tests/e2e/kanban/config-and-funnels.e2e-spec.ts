import { createTestAccount, createWebhookEndpoint, verifyParleySignature, type TestAccount } from '@parley/testing';
import { createCard, createFunnel, PIPELINE, stage } from './kanban-fixtures';

describe('Kanban configuration, funnels and stages', () => {
  let account: TestAccount;

  beforeAll(async () => {
    account = await createTestAccount();
  });

  describe('kanban_config', () => {
    it('answers the defaults until one is saved, and again after DELETE', async () => {
      const api = account.admin.api;
      const defaults = await api.get('/kanban_config');
      expect(defaults.status).toBe(200);
      expect(defaults.body).toMatchObject({
        enabled: true,
        webhook_url: null,
        webhook_events: [],
        config: { default_view: 'kanban', auto_assignment: false, dragbar_enabled: true },
      });

      const saved = await api.patch('/kanban_config', {
        kanban_config: { config: { title: 'Pipeline', default_view: 'list' }, webhook_events: ['kanban.item.created'] },
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        enabled: true,
        config: { title: 'Pipeline', default_view: 'list', dragbar_enabled: true },
        webhook_events: ['kanban.item.created'],
      });
      expect((await api.get('/kanban_config')).body.config.title).toBe('Pipeline');

      expect((await api.delete('/kanban_config')).status).toBe(204);
      expect((await api.get('/kanban_config')).body).toMatchObject({
        config: { title: 'Kanban' },
        webhook_events: [],
        created_at: null,
      });
    });

    it.each([
      [{ webhook_url: 'http://hooks.example.com/kanban' }, 'webhook_url'],
      [{ webhook_url: 'https://127.0.0.1/kanban' }, 'webhook_url'],
      [{ webhook_url: 'https://10.1.2.3/kanban' }, 'webhook_url'],
      [{ webhook_events: ['conversation_created'] }, 'webhook_events'],
    ])('refuses %j with 422 naming the field', async (change, field) => {
      const response = await account.admin.api.post('/kanban_config', { kanban_config: change });
      expect(response.status).toBe(422);
      expect(response.body.attributes).toEqual([field]);
    });

    it('refuses a malformed configuration with 400', async () => {
      const response = await account.admin.api.patch('/kanban_config', {
        kanban_config: { config: { default_view: 'grid' } },
      });
      expect(response.status).toBe(400);
    });

    it('is for administrators', async () => {
      const agent = await account.addUser('agent');
      expect((await agent.api.get('/kanban_config')).status).toBe(403);
    });

    it('test_webhook without a URL is a 422; with one it delivers a signed simulated event and answers the outcome', async () => {
      const other = await createTestAccount();
      expect((await other.admin.api.post('/kanban_config/test_webhook')).status).toBe(422);

      const endpoint = await createWebhookEndpoint();
      const saved = await other.admin.api.post('/kanban_config', {
        kanban_config: { webhook_url: endpoint.url, webhook_secret: 'kanban-secret', webhook_events: [] },
      });
      expect(saved.status).toBe(200);
      const test = await other.admin.api.post('/kanban_config/test_webhook');
      expect(test.status).toBe(200);
      expect(test.body).toMatchObject({ state: 'delivered', status_code: 200, error: null });
      const [request] = await endpoint.requests();
      expect(request.headers['x-parley-event']).toBe('kanban.item.created');
      expect(verifyParleySignature('kanban-secret', request)).toBe(true);
      expect(JSON.parse(request.body)).toMatchObject({
        event: 'kanban.item.created',
        test: true,
        account_id: other.id,
      });
    });

    it('switched off, every other Kanban endpoint answers 403 until it is switched back on', async () => {
      const other = await createTestAccount();
      const api = other.admin.api;
      const funnel = await createFunnel(api);
      const card = await createCard(api, { funnel_id: funnel.id, item_details: { title: 'Deal' } });
      expect((await api.patch('/kanban_config', { kanban_config: { enabled: false } })).status).toBe(200);
      for (const response of [
        await api.get('/funnels'),
        await api.get(`/funnels/${funnel.id}/stage_stats`),
        await api.get(`/kanban/stages?funnel_id=${funnel.id}`),
        await api.get('/kanban_items'),
        await api.get(`/kanban_items/${card.id}`),
        await api.post(`/kanban_items/${card.id}/move_to_stage`, { funnel_stage: 'won' }),
        await api.get('/kanban_items/batch'),
        await api.get('/kanban_items/reports'),
      ]) {
        expect(response.status).toBe(403);
        expect(response.body.error).toMatch(/disabled/);
      }
      expect((await api.get('/kanban_config')).body.enabled).toBe(false);
      expect((await api.patch('/kanban_config', { kanban_config: { enabled: true } })).status).toBe(200);
      expect((await api.get(`/kanban_items/${card.id}`)).status).toBe(200);
    });
  });

  describe('funnels', () => {
    it('creates, shows, lists, updates and deletes a funnel (cards go with it)', async () => {
      const api = account.admin.api;
      const created = await api.post('/funnels', {
        funnel: {
          name: 'Sales',
          description: 'B2B',
          stages: PIPELINE,
          settings: { sla: 3 },
          global_custom_attributes: [{ key: 'source', type: 'list', values: ['ads', 'referral'] }],
        },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'Sales', active: true, is_default: false, settings: { sla: 3 } });
      expect(Object.keys(created.body.stages)).toEqual(['lead', 'qualified', 'proposal', 'won', 'lost']);
      expect(created.body.stages.lead).toEqual({
        id: 'lead',
        name: 'Lead',
        color: '#1f93ff',
        position: 1,
        description: null,
      });
      const id = created.body.id;

      expect((await api.get(`/funnels/${id}`)).body.name).toBe('Sales');
      expect((await api.get('/funnels')).body.map((funnel: { id: number }) => funnel.id)).toContain(id);
      const renamed = await api.patch(`/funnels/${id}`, { funnel: { name: 'Sales EU' } });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ name: 'Sales EU', description: 'B2B' });
      expect((await api.put(`/funnels/${id}`, { funnel: { description: null } })).body.description).toBeNull();

      const card = await createCard(api, { funnel_id: id, item_details: { title: 'Goes with the funnel' } });
      expect((await api.delete(`/funnels/${id}`)).status).toBe(204);
      expect((await api.get(`/funnels/${id}`)).status).toBe(404);
      expect((await api.get(`/kanban_items/${card.id}`)).status).toBe(404);
    });

    it('mirrors list and create under /kanban/funnels', async () => {
      const api = account.admin.api;
      const created = await api.post('/kanban/funnels', { funnel: { name: 'Mirror', stages: { a: stage('A', 1) } } });
      expect(created.status).toBe(201);
      expect((await api.get('/kanban/funnels')).body.map((funnel: { id: number }) => funnel.id)).toContain(
        created.body.id,
      );
    });

    it.each([
      [{ stages: PIPELINE }, 'name'],
      [{ name: 'No stages' }, 'stages'],
      [{ name: 'Empty', stages: {} }, 'stages'],
      [{ name: 'Bad colour', stages: { a: stage('A', 1, 'blue') } }, 'stages.a.color'],
      [{ name: 'Bad position', stages: { a: stage('A', 1.5) } }, 'stages.a.position'],
      [{ name: 'No stage name', stages: { a: { color: '#fff', position: 1 } } }, 'stages.a.name'],
      [{ name: 'Bad id', stages: { 'a b': stage('A', 1) } }, 'stages.a b.id'],
      [{ name: 'Two ids', stages: { a: { ...stage('A', 1), id: 'b' } } }, 'stages.a.id'],
      [
        { name: 'Bad definition', stages: PIPELINE, global_custom_attributes: [{ key: 'x', type: 'colour' }] },
        'global_custom_attributes.0.type',
      ],
    ])('refuses %j with 422 naming the fault', async (funnel, field) => {
      const response = await account.admin.api.post('/funnels', { funnel });
      expect(response.status).toBe(422);
      expect(response.body.attributes).toEqual([field]);
    });

    it('archives with active:false (listed only with include_archived) and keeps one default per account', async () => {
      const other = await createTestAccount();
      const api = other.admin.api;
      const first = await createFunnel(api, { is_default: true });
      const second = await createFunnel(api);
      expect((await api.patch(`/funnels/${second.id}`, { funnel: { is_default: true } })).body.is_default).toBe(true);
      expect((await api.get(`/funnels/${first.id}`)).body.is_default).toBe(false);

      expect((await api.patch(`/funnels/${first.id}`, { funnel: { active: false } })).body.active).toBe(false);
      expect((await api.get('/funnels')).body.map((funnel: { id: number }) => funnel.id)).toEqual([second.id]);
      expect((await api.get('/funnels?include_archived=true')).body.map((funnel: { id: number }) => funnel.id)).toEqual(
        [first.id, second.id],
      );
    });

    it('reorders stages: every id a stage of the funnel, each once', async () => {
      const api = account.admin.api;
      const funnel = await createFunnel(api);
      const reordered = await api.patch(`/funnels/${funnel.id}/reorder`, { stages: ['won', 'lost', 'lead'] });
      expect(reordered.status).toBe(200);
      expect(Object.keys(reordered.body.stages)).toEqual(['won', 'lost', 'lead', 'qualified', 'proposal']);
      expect(reordered.body.stages.qualified.position).toBe(4);
      for (const stages of [
        ['won', 'nope'],
        ['won', 'won'],
      ]) {
        const refused = await api.patch(`/funnels/${funnel.id}/reorder`, { stages });
        expect(refused.status).toBe(422);
        expect(refused.body.attributes).toEqual(['stages']);
      }
      expect((await api.patch('/funnels/999999/reorder', { stages: ['a'] })).status).toBe(404);
    });

    it('is read by agents and shaped by administrators', async () => {
      const agent = await account.addUser('agent');
      const funnel = await createFunnel(account.admin.api);
      expect((await agent.api.get(`/funnels/${funnel.id}`)).status).toBe(200);
      expect((await agent.api.post('/funnels', { funnel: { name: 'x', stages: PIPELINE } })).status).toBe(403);
    });
  });

  describe('/kanban/stages', () => {
    it('lists, shows, creates, edits and deletes stages; deleting one with cards needs a fallback that gets them', async () => {
      const api = account.admin.api;
      const funnel = await createFunnel(api);
      expect((await api.get(`/kanban/stages?funnel_id=${funnel.id}`)).body.map((s: { id: string }) => s.id)).toEqual([
        'lead',
        'qualified',
        'proposal',
        'won',
        'lost',
      ]);
      const created = await api.post('/kanban/stages', {
        funnel_id: funnel.id,
        stage: { name: 'Follow up', color: '#123456' },
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: 'follow_up',
        name: 'Follow up',
        color: '#123456',
        position: 6,
        description: null,
      });
      expect((await api.get(`/kanban/stages/follow_up?funnel_id=${funnel.id}`)).body.name).toBe('Follow up');
      const edited = await api.patch('/kanban/stages/follow_up', {
        funnel_id: funnel.id,
        stage: { name: 'Nurture', description: 'Later' },
      });
      expect(edited.body).toMatchObject({ id: 'follow_up', name: 'Nurture', description: 'Later', color: '#123456' });
      expect(
        (await api.put('/kanban/stages/follow_up', { funnel_id: funnel.id, stage: { color: '#000' } })).body.color,
      ).toBe('#000');

      const card = await createCard(api, {
        funnel_id: funnel.id,
        funnel_stage: 'follow_up',
        item_details: { title: 'Nurtured' },
      });
      const withoutFallback = await api.delete(`/kanban/stages/follow_up?funnel_id=${funnel.id}`);
      expect(withoutFallback.status).toBe(422);
      expect(withoutFallback.body.attributes).toEqual(['fallback_stage_id']);
      expect((await api.delete(`/kanban/stages/follow_up?funnel_id=${funnel.id}&fallback_stage_id=nope`)).status).toBe(
        422,
      );
      expect((await api.delete(`/kanban/stages/follow_up?funnel_id=${funnel.id}&fallback_stage_id=lead`)).status).toBe(
        204,
      );
      expect((await api.get(`/kanban_items/${card.id}`)).body.funnel_stage).toBe('lead');
      expect((await api.get(`/kanban/stages/follow_up?funnel_id=${funnel.id}`)).status).toBe(404);
      expect((await api.delete(`/kanban/stages/qualified?funnel_id=${funnel.id}`)).status).toBe(204);
    });

    it('refuses bad stages and unknown funnels', async () => {
      const api = account.admin.api;
      const funnel = await createFunnel(api);
      const duplicate = await api.post('/kanban/stages', {
        funnel_id: funnel.id,
        stage: { id: 'lead', name: 'Again', color: '#fff' },
      });
      expect(duplicate.status).toBe(422);
      const badColour = await api.post('/kanban/stages', { funnel_id: funnel.id, stage: { name: 'X', color: 'red' } });
      expect(badColour.body.attributes).toEqual(['stage.color']);
      expect((await api.get('/kanban/stages?funnel_id=999999')).status).toBe(422);
      expect((await api.get('/kanban/stages')).status).toBe(400);
      expect((await api.get(`/kanban/stages/nope?funnel_id=${funnel.id}`)).status).toBe(404);
    });
  });
});
