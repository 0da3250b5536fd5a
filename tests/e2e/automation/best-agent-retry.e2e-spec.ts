import { ConversationPatterns } from '@parley/contracts';
import { loadServiceConfig, RpcClient } from '@parley/service-kit';
import { createTestAccount, gatewayClient, readE2eState, seedContact } from '@parley/testing';

/**
 * A rule's assign_best_agent carries a key of (event, rule, action): when the automation service
 * re-runs an event after a crash, the repeated command must not pick a second agent.
 */
describe('assign_best_agent retried after a crash', () => {
  let rpc: RpcClient;

  beforeAll(() => {
    const { natsUrl, namespace, databaseUrl } = readE2eState();
    rpc = new RpcClient(
      loadServiceConfig('automation', { NATS_URL: natsUrl, NATS_NAMESPACE: namespace, DATABASE_URL: databaseUrl }),
    );
  });

  afterAll(() => rpc.onApplicationShutdown());

  it('changes nothing on a repeat of the same key, and assigns again under a new one', async () => {
    const account = await createTestAccount();
    const agent = await account.addUser('agent');
    const inbox = (
      await account.admin.api.post('/inboxes', {
        name: 'Round robin',
        channel: { type: 'api' },
        enable_auto_assignment: false,
      })
    ).body.id;
    expect((await account.admin.api.post(`/inboxes/${inbox}/inbox_members`, { user_ids: [agent.id] })).status).toBe(
      200,
    );
    expect(
      (await gatewayClient(agent.token).patch('/api/v1/profile', { availability: 'online', account_id: account.id }))
        .status,
    ).toBe(200);
    const contact = await seedContact(account.id, { name: 'Retried' });
    const id = (
      await account.admin.api.post('/conversations', { source_id: 'retried', inbox_id: inbox, contact_id: contact.id })
    ).body.id;
    const scope = {
      account_id: account.id,
      caller: { user_id: account.admin.id, role: 'administrator' as const },
      display_id: id,
    };

    expect(
      (await rpc.send(ConversationPatterns.assignBestAgent, { ...scope, key: `event-1:rule-1:0:${id}` })).assignee_id,
    ).toBe(agent.id);
    expect((await account.admin.api.post(`/conversations/${id}/assignments`, { assignee_id: null })).status).toBe(204);
    // The retry of that same action: the conversation stays as it is now.
    expect(
      (await rpc.send(ConversationPatterns.assignBestAgent, { ...scope, key: `event-1:rule-1:0:${id}` })).assignee_id,
    ).toBeNull();
    expect((await account.admin.api.get(`/conversations/${id}`)).body.meta.assignee).toBeNull();
    // Another event's action is a new request.
    expect(
      (await rpc.send(ConversationPatterns.assignBestAgent, { ...scope, key: `event-2:rule-1:0:${id}` })).assignee_id,
    ).toBe(agent.id);
  });
});
