import { createTestAccount, seedContact, type ApiClient, type TestAccount, type TestUser } from '@parley/testing';
import { createCard, createFunnel } from './kanban-fixtures';

type Item = {
  id: number;
  text: string;
  completed: boolean;
  completed_at: string | null;
  agent_id: number | null;
  position: number;
};

describe('Kanban checklists and notes', () => {
  let account: TestAccount;
  let api: ApiClient;
  let ada: TestUser;
  let bo: TestUser;
  let funnelId: number;

  beforeAll(async () => {
    account = await createTestAccount();
    api = account.admin.api;
    ada = await account.addUser('agent');
    bo = await account.addUser('agent');
    funnelId = (await createFunnel(api)).id;
  });

  const newCard = (title = 'Card') => createCard(api, { funnel_id: funnelId, item_details: { title } });
  const addItem = async (cardId: number, body: Record<string, unknown>): Promise<Item> => {
    const response = await api.post(`/kanban_items/${cardId}/create_checklist_item`, body);
    expect(response.status).toBe(201);
    return response.body;
  };

  it('creates, lists, updates, toggles and deletes checklist items', async () => {
    const card = await newCard();
    const first = await addItem(card.id, {
      text: 'Call the client',
      due_date: '2026-12-01',
      priority: 'high',
      agent_id: ada.id,
    });
    expect(first).toMatchObject({
      item_id: card.id,
      text: 'Call the client',
      due_date: '2026-12-01',
      priority: 'high',
      agent_id: ada.id,
      completed: false,
      completed_at: null,
      position: 1,
    });
    const second = await addItem(card.id, { text: 'Send the proposal' });
    expect((await api.get(`/kanban_items/${card.id}/get_checklist`)).body.map((item: Item) => item.text)).toEqual([
      'Call the client',
      'Send the proposal',
    ]);

    const updated = await api.patch(`/kanban_items/${card.id}/update_checklist_item`, {
      checklist_item_id: second.id,
      text: 'Send the signed proposal',
      due_date: null,
      priority: 'low',
    });
    expect(updated.body).toMatchObject({ text: 'Send the signed proposal', priority: 'low', due_date: null });
    const done = await api.post(`/kanban_items/${card.id}/toggle_checklist_item`, { checklist_item_id: first.id });
    expect(done.body.completed).toBe(true);
    expect(Date.parse(done.body.completed_at)).toBeGreaterThan(Date.now() - 60_000);
    const reopened = await api.post(`/kanban_items/${card.id}/toggle_checklist_item`, { checklist_item_id: first.id });
    expect(reopened.body).toMatchObject({ completed: false, completed_at: null });

    expect(
      (
        await api.post(`/kanban_items/${card.id}/assign_agent_to_checklist_item`, {
          checklist_item_id: second.id,
          agent_id: bo.id,
        })
      ).body.agent_id,
    ).toBe(bo.id);
    expect(
      (
        await api.delete(`/kanban_items/${card.id}/remove_agent_from_checklist_item`, {
          body: { checklist_item_id: second.id },
        })
      ).body.agent_id,
    ).toBeNull();
    expect(
      (await api.delete(`/kanban_items/${card.id}/delete_checklist_item`, { body: { checklist_item_id: second.id } }))
        .status,
    ).toBe(204);
    expect((await api.get(`/kanban_items/${card.id}/get_checklist`)).body).toHaveLength(1);
  });

  it('refuses bad checklist input: 400 for shapes, 422 for rules and agents, 404 for an item of another card', async () => {
    const card = await newCard();
    const other = await newCard('Other');
    const theirs = await addItem(other.id, { text: 'Not yours' });
    expect(
      (await api.post(`/kanban_items/${card.id}/create_checklist_item`, { text: 'x', priority: 'soon' })).status,
    ).toBe(400);
    expect(
      (await api.post(`/kanban_items/${card.id}/create_checklist_item`, { text: 'x', due_date: 'tomorrow' })).status,
    ).toBe(400);
    const blank = await api.post(`/kanban_items/${card.id}/create_checklist_item`, { text: '  ' });
    expect([blank.status, blank.body.attributes]).toEqual([422, ['text']]);
    const badAgent = await api.post(`/kanban_items/${card.id}/create_checklist_item`, { text: 'x', agent_id: 999999 });
    expect([badAgent.status, badAgent.body.attributes]).toEqual([422, ['agent_id']]);
    const stranger = await (await createTestAccount()).addUser('agent');
    expect(
      (
        await api.post(`/kanban_items/${card.id}/assign_agent_to_checklist_item`, {
          checklist_item_id: (await addItem(card.id, { text: 'y' })).id,
          agent_id: stranger.id,
        })
      ).status,
    ).toBe(422);
    expect(
      (await api.post(`/kanban_items/${card.id}/toggle_checklist_item`, { checklist_item_id: theirs.id })).status,
    ).toBe(404);
    expect(
      (
        await api.patch(`/kanban_items/${card.id}/update_checklist_item`, {
          checklist_item_id: theirs.id,
          text: 'mine',
        })
      ).status,
    ).toBe(404);
    expect(
      (await api.delete(`/kanban_items/${card.id}/delete_checklist_item`, { body: { checklist_item_id: theirs.id } }))
        .status,
    ).toBe(404);
    expect((await api.get('/kanban_items/999999/get_checklist')).status).toBe(404);
  });

  it('duplicates a checklist to another card, appending (merge) or replacing', async () => {
    const source = await newCard('Source');
    await addItem(source.id, { text: 'One', agent_id: ada.id });
    const done = await addItem(source.id, { text: 'Two' });
    await api.post(`/kanban_items/${source.id}/toggle_checklist_item`, { checklist_item_id: done.id });
    const target = await newCard('Target');
    await addItem(target.id, { text: 'Existing' });

    const merged = await api.post(`/kanban_items/${source.id}/duplicate_checklist`, {
      target_item_id: target.id,
      merge: true,
    });
    expect(merged.status).toBe(200);
    expect(merged.body.map((item: Item) => [item.text, item.position, item.completed])).toEqual([
      ['Existing', 1, false],
      ['One', 2, false],
      ['Two', 3, false],
    ]);
    const replaced = await api.post(`/kanban_items/${source.id}/duplicate_checklist`, {
      target_item_id: target.id,
      merge: false,
    });
    expect(replaced.body.map((item: Item) => [item.text, item.position, item.agent_id])).toEqual([
      ['One', 1, ada.id],
      ['Two', 2, null],
    ]);
    expect((await api.get(`/kanban_items/${source.id}/get_checklist`)).body).toHaveLength(2);
    const unknown = await api.post(`/kanban_items/${source.id}/duplicate_checklist`, {
      target_item_id: 999999,
      merge: true,
    });
    expect([unknown.status, unknown.body.attributes]).toEqual([422, ['target_item_id']]);
    expect(
      (await api.post(`/kanban_items/${source.id}/duplicate_checklist`, { target_item_id: target.id })).status,
    ).toBe(400);
  });

  it('searches checklist items of one card or of the whole account', async () => {
    const one = await newCard('One');
    const two = await newCard('Two');
    await addItem(one.id, { text: 'Prepare the contract draft' });
    await addItem(one.id, { text: 'Book a demo' });
    await addItem(two.id, { text: 'Contract review with legal' });
    const search = async (cardId: number, query: string) =>
      (await api.get(`/kanban_items/${cardId}/search_checklist?${query}`)).body.map((item: Item) => item.text);
    expect(await search(one.id, 'query=contr')).toEqual(['Prepare the contract draft']);
    expect((await search(one.id, 'query=contract&all=true')).sort()).toEqual([
      'Contract review with legal',
      'Prepare the contract draft',
    ]);
    expect(await search(one.id, 'query=demo%20book')).toEqual(['Book a demo']);
    expect((await api.get(`/kanban_items/${one.id}/search_checklist`)).body).toEqual([]);
  });

  it('counts per agent the items assigned and completed', async () => {
    const card = await newCard('Progress');
    const items = [
      await addItem(card.id, { text: 'a1', agent_id: ada.id }),
      await addItem(card.id, { text: 'a2', agent_id: ada.id }),
      await addItem(card.id, { text: 'a3', agent_id: ada.id }),
      await addItem(card.id, { text: 'b1', agent_id: bo.id }),
      await addItem(card.id, { text: 'nobody' }),
    ];
    for (const item of [items[0], items[2], items[3], items[4]])
      await api.post(`/kanban_items/${card.id}/toggle_checklist_item`, { checklist_item_id: item.id });
    const progress = await api.get(`/kanban_items/${card.id}/checklist_progress_by_agent`);
    expect(progress.body).toEqual(
      [
        { agent_id: ada.id, assigned: 3, completed: 2 },
        { agent_id: bo.id, assigned: 1, completed: 1 },
      ].sort((a, b) => a.agent_id - b.agent_id),
    );
  });

  it('creates, lists, updates and deletes notes with checked links; notes are searched with their card', async () => {
    const card = await newCard('Noted');
    const linked = await newCard('Linked');
    const inbox = (await api.post('/inboxes', { name: 'Notes', channel: { type: 'api' } })).body.id;
    const contact = await seedContact(account.id);
    const conversation = (
      await api.post('/conversations', { inbox_id: inbox, contact_id: contact.id, source_id: 'notes' })
    ).body.id;
    const created = await api.post(`/kanban_items/${card.id}/create_note`, {
      text: '**Budget** approved by the zebrafinance team',
      linked_item_id: linked.id,
      linked_conversation_id: conversation,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      item_id: card.id,
      text: '**Budget** approved by the zebrafinance team',
      attachments: [],
      linked_item_id: linked.id,
      linked_conversation_id: conversation,
      created_by: account.admin.id,
    });
    expect(
      (await api.get(`/kanban_items/search?query=zebrafin`)).body.payload.map((found: { id: number }) => found.id),
    ).toEqual([card.id]);

    const updated = await api.patch(`/kanban_items/${card.id}/update_note`, {
      note_id: created.body.id,
      text: 'Budget _pending_',
      linked_item_id: null,
    });
    expect(updated.body).toMatchObject({
      text: 'Budget _pending_',
      linked_item_id: null,
      linked_conversation_id: conversation,
    });
    expect(
      (await api.get(`/kanban_items/${card.id}/get_notes`)).body.map((note: { text: string }) => note.text),
    ).toEqual(['Budget _pending_']);

    for (const [body, field] of [
      [{ text: 'x', linked_item_id: 999999 }, 'linked_item_id'],
      [{ text: 'x', linked_conversation_id: 999999 }, 'linked_conversation_id'],
      [{ text: 'x', linked_contact_id: 999999 }, 'linked_contact_id'],
      [{ text: 'x', attachments: [999999] }, 'attachments'],
      [{ text: ' ' }, 'text'],
    ] as const) {
      const refused = await api.post(`/kanban_items/${card.id}/create_note`, body);
      expect({ field, status: refused.status, attributes: refused.body.attributes }).toEqual({
        field,
        status: 422,
        attributes: [field],
      });
    }
    const other = await newCard('Other');
    expect(
      (await api.patch(`/kanban_items/${other.id}/update_note`, { note_id: created.body.id, text: 'hijack' })).status,
    ).toBe(404);
    expect(
      (await api.delete(`/kanban_items/${card.id}/delete_note`, { body: { note_id: created.body.id } })).status,
    ).toBe(204);
    expect((await api.get(`/kanban_items/${card.id}/get_notes`)).body).toEqual([]);
  });
});
