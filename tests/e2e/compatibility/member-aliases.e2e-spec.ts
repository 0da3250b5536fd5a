import { createTestAccount, type TestAccount, type TestUser } from '@parley/testing';

const idsOf = (agents: Array<{ id: number }>) => agents.map((agent) => agent.id).sort((a, b) => a - b);
const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

/** The member routes client libraries call besides the contract's own. */
describe('compatibility: inbox and team member aliases', () => {
  let account: TestAccount;
  let agents: TestUser[];
  let stranger: TestUser;

  beforeAll(async () => {
    account = await createTestAccount();
    agents = [await account.addUser('agent'), await account.addUser('agent'), await account.addUser('agent')];
    stranger = await (await createTestAccount()).addUser('agent');
  });

  const newInbox = async (name: string): Promise<number> =>
    (await account.admin.api.post('/inboxes', { name, channel: { type: 'api' } })).body.id;

  describe('{v1}/inbox_members', () => {
    it('lists with GET /inbox_members/{inbox_id} what GET /inboxes/{id}/inbox_members lists', async () => {
      const inboxId = await newInbox('Listed');
      const empty = await account.admin.api.get(`/inbox_members/${inboxId}`);
      expect(empty.status).toBe(200);
      expect(empty.body).toEqual({ payload: [] });
      await account.admin.api.post(`/inboxes/${inboxId}/inbox_members`, { user_ids: [agents[0].id, agents[1].id] });
      const alias = await account.admin.api.get(`/inbox_members/${inboxId}`);
      expect(alias.status).toBe(200);
      expect(alias.body).toEqual((await account.admin.api.get(`/inboxes/${inboxId}/inbox_members`)).body);
      expect(idsOf(alias.body.payload)).toEqual(sorted(agents[0].id, agents[1].id));
    });

    it('adds with POST, replaces with PATCH and removes with DELETE, answering the member list', async () => {
      const inboxId = await newInbox('Changed');
      const added = await account.admin.api.post('/inbox_members', { inbox_id: inboxId, user_ids: [agents[0].id] });
      expect(added.status).toBe(200);
      expect(idsOf(added.body.payload)).toEqual([agents[0].id]);
      // Numeric strings are ids too; an agent already there is fine.
      const addedMore = await account.admin.api.post('/inbox_members', {
        inbox_id: String(inboxId),
        user_ids: [String(agents[1].id), agents[0].id],
      });
      expect(addedMore.status).toBe(200);
      expect(idsOf(addedMore.body.payload)).toEqual(sorted(agents[0].id, agents[1].id));

      const replaced = await account.admin.api.patch('/inbox_members', { inbox_id: inboxId, user_ids: [agents[2].id] });
      expect(replaced.status).toBe(200);
      expect(idsOf(replaced.body.payload)).toEqual([agents[2].id]);
      expect(idsOf((await account.admin.api.get(`/inboxes/${inboxId}/inbox_members`)).body.payload)).toEqual([
        agents[2].id,
      ]);

      const removed = await account.admin.api.delete('/inbox_members', {
        body: { inbox_id: inboxId, user_ids: [agents[2].id] },
      });
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ payload: [] });
    });

    it('gives an added agent the inbox', async () => {
      const inboxId = await newInbox('Served');
      await account.admin.api.post('/inbox_members', { inbox_id: inboxId, user_ids: [agents[2].id] });
      const listed = await agents[2].api.get('/inboxes');
      expect(listed.body.payload.map((inbox: { id: number }) => inbox.id)).toContain(inboxId);
    });

    it('refuses user ids that are not agents of the account with 422, changing nothing', async () => {
      const inboxId = await newInbox('Strangers');
      await account.admin.api.post('/inbox_members', { inbox_id: inboxId, user_ids: [agents[0].id] });
      for (const send of [
        () => account.admin.api.post('/inbox_members', { inbox_id: inboxId, user_ids: [agents[1].id, stranger.id] }),
        () => account.admin.api.patch('/inbox_members', { inbox_id: inboxId, user_ids: [stranger.id] }),
        () =>
          account.admin.api.delete('/inbox_members', {
            body: { inbox_id: inboxId, user_ids: [agents[0].id, stranger.id] },
          }),
      ]) {
        const refused = await send();
        expect(refused.status).toBe(422);
        expect(refused.body.attributes).toEqual(['user_ids']);
      }
      expect(idsOf((await account.admin.api.get(`/inbox_members/${inboxId}`)).body.payload)).toEqual([agents[0].id]);
    });

    it("answers 404 for an unknown inbox or another account's, 403 to agents and 400 to malformed input", async () => {
      const inboxId = await newInbox('Guarded');
      const other = await createTestAccount();
      const theirs = (await other.admin.api.post('/inboxes', { name: 'Theirs', channel: { type: 'api' } })).body.id;
      for (const missing of [2147483000, theirs]) {
        expect((await account.admin.api.get(`/inbox_members/${missing}`)).status).toBe(404);
        expect(
          (await account.admin.api.post('/inbox_members', { inbox_id: missing, user_ids: [agents[0].id] })).status,
        ).toBe(404);
        expect(
          (await account.admin.api.patch('/inbox_members', { inbox_id: missing, user_ids: [agents[0].id] })).status,
        ).toBe(404);
        expect(
          (await account.admin.api.delete('/inbox_members', { body: { inbox_id: missing, user_ids: [agents[0].id] } }))
            .status,
        ).toBe(404);
      }

      const agent = agents[0].api;
      expect((await agent.get(`/inbox_members/${inboxId}`)).status).toBe(403);
      expect((await agent.post('/inbox_members', { inbox_id: inboxId, user_ids: [agents[0].id] })).status).toBe(403);
      expect((await agent.patch('/inbox_members', { inbox_id: inboxId, user_ids: [agents[0].id] })).status).toBe(403);
      expect(
        (await agent.delete('/inbox_members', { body: { inbox_id: inboxId, user_ids: [agents[0].id] } })).status,
      ).toBe(403);

      expect((await account.admin.api.get('/inbox_members/abc')).status).toBe(400);
      expect((await account.admin.api.post('/inbox_members', { user_ids: [agents[0].id] })).status).toBe(400);
      expect((await account.admin.api.patch('/inbox_members', { inbox_id: inboxId, user_ids: ['abc'] })).status).toBe(
        400,
      );
      expect((await account.admin.api.delete('/inbox_members', { body: { inbox_id: inboxId } })).status).toBe(400);
    });
  });

  describe('PATCH {v1}/teams/{id}/team_members', () => {
    const newTeam = async (name: string): Promise<number> =>
      (await account.admin.api.post('/teams', { name: `${name} ${Date.now()}` })).body.id;

    it('replaces the members, answering the list as the other member routes do', async () => {
      const teamId = await newTeam('Replaced');
      await account.admin.api.post(`/teams/${teamId}/team_members`, { user_ids: [agents[0].id, agents[1].id] });
      const replaced = await account.admin.api.patch(`/teams/${teamId}/team_members`, {
        user_ids: [agents[1].id, String(agents[2].id)],
      });
      expect(replaced.status).toBe(200);
      expect(idsOf(replaced.body)).toEqual(sorted(agents[1].id, agents[2].id));
      const listed = await account.admin.api.get(`/teams/${teamId}/team_members`);
      expect(listed.body).toEqual(replaced.body);

      const emptied = await account.admin.api.patch(`/teams/${teamId}/team_members`, { user_ids: [] });
      expect(emptied.status).toBe(200);
      expect(emptied.body).toEqual([]);
    });

    it('refuses strangers with 422 (changing nothing), agents with 403, unknown teams with 404, malformed ids with 400', async () => {
      const teamId = await newTeam('Guarded');
      await account.admin.api.post(`/teams/${teamId}/team_members`, { user_ids: [agents[0].id] });
      const refused = await account.admin.api.patch(`/teams/${teamId}/team_members`, {
        user_ids: [agents[1].id, stranger.id],
      });
      expect(refused.status).toBe(422);
      expect(refused.body.attributes).toEqual(['user_ids']);
      expect(idsOf((await account.admin.api.get(`/teams/${teamId}/team_members`)).body)).toEqual([agents[0].id]);

      expect((await agents[0].api.patch(`/teams/${teamId}/team_members`, { user_ids: [agents[0].id] })).status).toBe(
        403,
      );
      expect(
        (await account.admin.api.patch('/teams/2147483000/team_members', { user_ids: [agents[0].id] })).status,
      ).toBe(404);
      expect((await account.admin.api.patch(`/teams/${teamId}/team_members`, { user_ids: ['abc'] })).status).toBe(400);
      expect((await account.admin.api.patch(`/teams/${teamId}/team_members`, {})).status).toBe(400);
    });
  });
});
