import { LabelEvents, type EventEnvelope, type LabelEventMap } from '@parley/contracts';
import { createTestAccount, eventually, publishedEvents, type TestAccount, type TestUser } from '@parley/testing';

describe('labels', () => {
  let account: TestAccount;
  let admin: TestUser;

  beforeAll(async () => {
    account = await createTestAccount();
    admin = account.admin;
  });

  it('creates a label (201), stores the title lower-case and lists it in a payload', async () => {
    const created = await admin.api.post('/labels', {
      title: 'Billing',
      description: 'Money matters',
      color: '#FF0000',
      show_on_sidebar: false,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      title: 'billing',
      description: 'Money matters',
      color: '#ff0000',
      show_on_sidebar: false,
    });

    const list = await admin.api.get('/labels');
    expect(list.status).toBe(200);
    expect(list.body.payload).toContainEqual(created.body);
  });

  it('fills in defaults for the optional fields', async () => {
    const created = await admin.api.post('/labels', { title: 'defaults' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ description: null, color: '#1f93ff', show_on_sidebar: true });
  });

  it('shows, updates (PATCH and PUT) and deletes a label', async () => {
    const { body: label } = await admin.api.post('/labels', { title: 'lifecycle' });

    const shown = await admin.api.get(`/labels/${label.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(label);

    const patched = await admin.api.patch(`/labels/${label.id}`, { description: 'now described', color: '#00ff00' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      id: label.id,
      title: 'lifecycle',
      description: 'now described',
      color: '#00ff00',
    });

    const put = await admin.api.put(`/labels/${label.id}`, { title: 'Renamed' });
    expect(put.status).toBe(200);
    expect(put.body.title).toBe('renamed');

    const deleted = await admin.api.delete(`/labels/${label.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');

    const gone = await admin.api.get(`/labels/${label.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: 'Label not found' });
  });

  it('refuses a duplicate title with 422, whatever its case', async () => {
    await admin.api.post('/labels', { title: 'duplicate' });
    const again = await admin.api.post('/labels', { title: 'DUPLICATE' });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ error: 'Title has already been taken', attributes: ['title'] });
  });

  it('refuses renaming onto an existing title with 422', async () => {
    await admin.api.post('/labels', { title: 'taken' });
    const { body: other } = await admin.api.post('/labels', { title: 'free' });
    const renamed = await admin.api.patch(`/labels/${other.id}`, { title: 'taken' });
    expect(renamed.status).toBe(422);
    expect(renamed.body.attributes).toEqual(['title']);
  });

  it.each([
    [{ title: 'two words' }, 'title'],
    [{ title: 'semi;colon' }, 'title'],
    [{ title: '   ' }, 'title'],
    [{ title: 'colored', color: 'blue' }, 'color'],
  ])('refuses %j with 422 naming the field', async (body, field) => {
    const response = await admin.api.post('/labels', body);
    expect(response.status).toBe(422);
    expect(response.body.attributes).toEqual([field]);
    expect(typeof response.body.error).toBe('string');
  });

  it.each([
    [{}, 'title: should not be empty'],
    [{ title: 42 }, 'title: must be a string'],
    [{ title: 'ok', show_on_sidebar: 'yes' }, 'show_on_sidebar: must be a boolean value'],
  ])('refuses a malformed body %j with 400', async (body, message) => {
    const response = await admin.api.post('/labels', body);
    expect(response.status).toBe(400);
    expect(response.body.error).toContain(message);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await admin.api.get('/labels/abc')).status).toBe(400);
    const unknown = await admin.api.get('/labels/99999999');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'Label not found' });
  });

  it("treats another account's label as not found", async () => {
    const other = await createTestAccount();
    const { body: foreign } = await other.admin.api.post('/labels', { title: 'theirs' });
    expect((await admin.api.get(`/labels/${foreign.id}`)).status).toBe(404);
    expect((await admin.api.patch(`/labels/${foreign.id}`, { title: 'mine' })).status).toBe(404);
    expect((await admin.api.delete(`/labels/${foreign.id}`)).status).toBe(404);
    expect((await admin.api.get('/labels')).body.payload.map((label: { id: number }) => label.id)).not.toContain(
      foreign.id,
    );
  });

  it('ignores trailing slashes', async () => {
    const created = await admin.api.post('/labels/', { title: 'slashed' });
    expect(created.status).toBe(201);
    expect((await admin.api.get(`/labels/${created.body.id}/`)).status).toBe(200);
    expect((await admin.api.get('/labels/')).status).toBe(200);
  });

  it('lets agents read labels but not change them', async () => {
    const agent = await account.addUser('agent');
    const { body: label } = await admin.api.post('/labels', { title: 'for-agents' });
    expect((await agent.api.get('/labels')).status).toBe(200);
    expect((await agent.api.get(`/labels/${label.id}`)).status).toBe(200);
    for (const response of [
      await agent.api.post('/labels', { title: 'agent-made' }),
      await agent.api.patch(`/labels/${label.id}`, { title: 'agent-renamed' }),
      await agent.api.delete(`/labels/${label.id}`),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: 'This action requires the administrator role' });
    }
  });

  it('publishes label.created, label.updated (with the changes) and label.deleted', async () => {
    const { body: label } = await admin.api.post('/labels', { title: 'evented' });
    await admin.api.patch(`/labels/${label.id}`, { color: '#123456' });
    await admin.api.delete(`/labels/${label.id}`);

    const mine = <T>(events: Array<EventEnvelope<T>>) =>
      events.filter((event) => (event.data as { label: { id: number } }).label.id === label.id);
    const created = await eventually(async () => {
      const found = mine(await publishedEvents<LabelEventMap[typeof LabelEvents.created]>(LabelEvents.created));
      expect(found).toHaveLength(1);
      return found[0];
    });
    expect(created).toMatchObject({
      type: LabelEvents.created,
      version: 1,
      account_id: account.id,
      meta: { actor: { type: 'user', id: admin.id }, origin: 'api' },
    });
    expect(created.meta.correlation_id).toEqual(expect.any(String));

    const updated = await eventually(async () => {
      const found = mine(await publishedEvents<LabelEventMap[typeof LabelEvents.updated]>(LabelEvents.updated));
      expect(found).toHaveLength(1);
      return found[0];
    });
    expect(updated.data.changed_attributes).toEqual([
      { color: { previous_value: '#1f93ff', current_value: '#123456' } },
    ]);

    await eventually(async () => expect(mine(await publishedEvents(LabelEvents.deleted))).toHaveLength(1));
  });
});
