import { KanbanEvents } from '@parley/contracts';
import {
  createTestAccount,
  createWebhookEndpoint,
  eventually,
  publishedEvents,
  verifyParleySignature,
  type ReceivedRequest,
  type TestAccount,
  type WebhookEndpoint,
} from '@parley/testing';
import { createCard, createFunnel } from './kanban-fixtures';

type Body = {
  id: string;
  event: string;
  data: { id: number; funnel_stage: string; item_details: { status: string } };
  changed_attributes?: unknown;
  account?: { id: number };
  account_id?: number;
};

async function received(
  endpoint: WebhookEndpoint,
  select: (body: Body) => boolean,
  count: number,
): Promise<Array<ReceivedRequest & { parsed: Body }>> {
  return eventually(
    async () => {
      const matching = (await endpoint.requests())
        .map((request) => ({ ...request, parsed: JSON.parse(request.body) as Body }))
        .filter((request) => select(request.parsed));
      expect(matching).toHaveLength(count);
      return matching;
    },
    { timeoutMs: 15_000, description: 'Kanban webhook requests' },
  );
}

describe('Kanban events', () => {
  let account: TestAccount;
  let accountHook: WebhookEndpoint;
  let kanbanHook: WebhookEndpoint;
  let accountSecret: string;

  beforeAll(async () => {
    account = await createTestAccount();
    accountHook = await createWebhookEndpoint();
    kanbanHook = await createWebhookEndpoint();
    const webhook = await account.admin.api.post('/webhooks', {
      url: accountHook.url,
      subscriptions: ['kanban.item.stage_changed', 'kanban.item.status_changed', 'kanban.item.created'],
    });
    expect(webhook.status).toBe(201);
    accountSecret = webhook.body.secret;
    const config = await account.admin.api.post('/kanban_config', {
      kanban_config: {
        webhook_url: kanbanHook.url,
        webhook_secret: 'kanban-secret',
        webhook_events: ['kanban.item.stage_changed', 'kanban.item.updated'],
      },
    });
    expect(config.status).toBe(200);
  });

  it('a move reaches the account webhook and the Kanban webhook, signed with their secrets', async () => {
    const funnel = await createFunnel(account.admin.api);
    const card = await createCard(account.admin.api, { funnel_id: funnel.id, item_details: { title: 'Moving' } });
    expect(
      (await account.admin.api.post(`/kanban_items/${card.id}/move_to_stage`, { funnel_stage: 'won' })).status,
    ).toBe(200);

    const [stage] = await received(
      accountHook,
      (body) => body.event === 'kanban.item.stage_changed' && body.data.id === card.id,
      1,
    );
    expect(stage.headers['x-parley-event']).toBe('kanban.item.stage_changed');
    expect(verifyParleySignature(accountSecret, stage)).toBe(true);
    expect(stage.parsed).toMatchObject({
      account: { id: account.id },
      data: { funnel_stage: 'won' },
      changed_attributes: [{ funnel_stage: { previous_value: 'lead', current_value: 'won' } }],
    });
    const [status] = await received(
      accountHook,
      (body) => body.event === 'kanban.item.status_changed' && body.data.id === card.id,
      1,
    );
    expect(status.parsed.data.item_details.status).toBe('won');
    await received(accountHook, (body) => body.event === 'kanban.item.created' && body.data.id === card.id, 1);

    const [kanban] = await received(kanbanHook, (body) => body.data.id === card.id, 1);
    expect(kanban.parsed).toMatchObject({
      event: 'kanban.item.stage_changed',
      account_id: account.id,
      data: { funnel_stage: 'won' },
      previous_stage: 'lead',
    });
    expect(verifyParleySignature('kanban-secret', kanban)).toBe(true);
    // The event id is the payload id, the same for every receiver.
    expect(kanban.parsed.id).toBe(stage.parsed.id);
  });

  it('a bulk move emits one stage_changed per card, from the service layer, to both webhooks', async () => {
    const funnel = await createFunnel(account.admin.api);
    const cards = [];
    for (let i = 0; i < 3; i += 1)
      cards.push(await createCard(account.admin.api, { funnel_id: funnel.id, item_details: { title: `Bulk ${i}` } }));
    const ids = cards.map((card) => card.id);
    expect(
      (
        await account.admin.api.post('/kanban_items/bulk_move_items', {
          item_ids: ids,
          new_stage: 'proposal',
          funnel_id: funnel.id,
        })
      ).status,
    ).toBe(200);
    const toAccount = await received(
      accountHook,
      (body) => body.event === 'kanban.item.stage_changed' && ids.includes(body.data.id),
      3,
    );
    expect(toAccount.map((request) => request.parsed.data.id).sort()).toEqual([...ids].sort());
    const toKanban = await received(
      kanbanHook,
      (body) => body.event === 'kanban.item.stage_changed' && ids.includes(body.data.id),
      3,
    );
    expect(toKanban.every((request) => verifyParleySignature('kanban-secret', request))).toBe(true);
    // status did not change (Proposal names neither won nor lost): no status_changed.
    expect(
      (await accountHook.requests()).filter(
        (request) =>
          JSON.parse(request.body).event === 'kanban.item.status_changed' &&
          ids.includes(JSON.parse(request.body).data.id),
      ),
    ).toEqual([]);
  });

  it('sends the Kanban webhook only the events it selects; a plain update emits updated, never stage_changed', async () => {
    const funnel = await createFunnel(account.admin.api);
    const card = await createCard(account.admin.api, { funnel_id: funnel.id, item_details: { title: 'Quiet' } });
    expect(
      (
        await account.admin.api.patch(`/kanban_items/${card.id}`, {
          kanban_item: { item_details: { title: 'Renamed' } },
        })
      ).status,
    ).toBe(200);
    const [update] = await received(kanbanHook, (body) => body.data.id === card.id, 1);
    expect(update.parsed).toMatchObject({
      event: 'kanban.item.updated',
      changed_attributes: [
        { item_details: { previous_value: { title: 'Quiet' }, current_value: { title: 'Renamed' } } },
      ],
    });
    const published = await eventually(async () => {
      const events = (await publishedEvents<{ item: { id: number } }>(KanbanEvents.itemCreated)).filter(
        (event) => event.data.item.id === card.id,
      );
      expect(events).toHaveLength(1);
      return events;
    });
    expect(published[0].meta.actor).toEqual({ type: 'user', id: account.admin.id });
    expect(
      (await publishedEvents<{ item: { id: number } }>(KanbanEvents.itemStageChanged)).filter(
        (event) => event.data.item.id === card.id,
      ),
    ).toEqual([]);
  });
});
