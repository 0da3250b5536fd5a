import type { ApiClient } from '@parley/testing';

export const stage = (name: string, position: number, color = '#1f93ff') => ({ name, color, position });

/** The pipeline most suites use: lead → qualified → proposal → won → lost. */
export const PIPELINE = {
  lead: stage('Lead', 1),
  qualified: stage('Qualified', 2),
  proposal: stage('Proposal', 3),
  won: stage('Deal won', 4, '#00aa00'),
  lost: stage('Deal Lost', 5, '#aa0000'),
};

export async function createFunnel(
  api: ApiClient,
  funnel: Record<string, unknown> = {},
): Promise<{ id: number; stages: Record<string, { id: string; name: string }> }> {
  const response = await api.post('/funnels', {
    funnel: { name: `Sales ${Math.random().toString(36).slice(2, 7)}`, stages: PIPELINE, ...funnel },
  });
  if (response.status !== 201) throw new Error(`Creating a funnel answered ${response.status}: ${response.text}`);
  return response.body;
}

export async function createCard(
  api: ApiClient,
  item: Record<string, unknown>,
): Promise<{
  id: number;
  funnel_stage: string;
  position: number;
  item_details: Record<string, any>;
  [field: string]: any;
}> {
  const response = await api.post('/kanban_items', { kanban_item: item });
  if (response.status !== 201) throw new Error(`Creating a card answered ${response.status}: ${response.text}`);
  return response.body;
}
