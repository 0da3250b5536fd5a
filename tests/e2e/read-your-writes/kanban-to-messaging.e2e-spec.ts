import { createTestAccount, seedContact, type TestAccount } from '@parley/testing';

/**
 * Kanban checks conversation numbers and agents against its copies of messaging's, which lag
 * messaging's events: a conversation or an agent created a moment ago must be usable at once.
 */
describe('read your writes: kanban → conversations and agents', () => {
  const ITERATIONS = 20;
  let account: TestAccount;
  let inbox: number;
  let funnel: number;

  beforeAll(async () => {
    account = await createTestAccount();
    inbox = (
      await account.admin.api.post('/inboxes', { name: 'Api', channel: { type: 'api' }, enable_auto_assignment: false })
    ).body.id;
    funnel = (
      await account.admin.api.post('/funnels', {
        funnel: { name: 'Pipeline', stages: { lead: { name: 'Lead', color: '#111', position: 1 } } },
      })
    ).body.id;
  });

  const createCard = (fields: Record<string, unknown>) =>
    account.admin.api.post('/kanban_items', {
      kanban_item: { funnel_id: funnel, item_details: { title: 'Card' }, ...fields },
    });

  it(`links a card to a conversation created just before (${ITERATIONS} times)`, async () => {
    const contact = await seedContact(account.id);
    for (let i = 0; i < ITERATIONS; i++) {
      const conversation = await account.admin.api.post('/conversations', {
        inbox_id: inbox,
        contact_id: contact.id,
        source_id: `kanban-${i}`,
      });
      expect(conversation.status).toBe(201);
      const card = await createCard({ conversation_display_id: conversation.body.id });
      expect({ i, status: card.status, linked: card.body.conversation_display_id }).toEqual({
        i,
        status: 201,
        linked: conversation.body.id,
      });
    }
  });

  it(`assigns an agent added just before (${ITERATIONS} times), and refuses another account's`, async () => {
    const other = await createTestAccount();
    for (let i = 0; i < ITERATIONS; i++) {
      const agent = await account.addUser('agent');
      const card = await createCard({ assigned_agents: [agent.id] });
      expect({ i, status: card.status, agents: card.body.assigned_agents }).toEqual({
        i,
        status: 201,
        agents: [agent.id],
      });
      const stranger = await other.addUser('agent');
      const refused = await createCard({ assigned_agents: [stranger.id] });
      expect({ i, status: refused.status, attributes: refused.body.attributes }).toEqual({
        i,
        status: 422,
        attributes: ['assigned_agents'],
      });
    }
  });

  it(`refuses a conversation number the account does not have yet (${ITERATIONS} times)`, async () => {
    for (let i = 0; i < ITERATIONS; i++) {
      const refused = await createCard({ conversation_display_id: 100_000 + i });
      expect({ i, status: refused.status, attributes: refused.body.attributes }).toEqual({
        i,
        status: 422,
        attributes: ['conversation_display_id'],
      });
    }
  });
});
