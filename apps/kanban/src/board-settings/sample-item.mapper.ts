import type { KanbanItem } from '@parley/contracts';

/** The card a test delivery carries: every field of a real one, clearly made up. */
export function sampleItemPayload(accountId: number): KanbanItem {
  const now = new Date().toISOString();
  return {
    id: 0,
    account_id: accountId,
    funnel_id: 0,
    funnel_stage: 'test',
    position: 1,
    conversation_display_id: null,
    assigned_agents: [],
    item_details: {
      title: 'Test card',
      description: 'Sent by test_webhook',
      status: 'open',
      priority: null,
      value: null,
      currency: null,
      conversation_id: null,
    },
    custom_attributes: {},
    stage_entered_at: now,
    created_at: now,
    updated_at: now,
  };
}
