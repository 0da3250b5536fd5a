import { checkedChecklistFields } from './checklist.rules';

describe('checklist item rules', () => {
  it('requires text on create and checks the fields given', () => {
    expect(
      checkedChecklistFields({ text: ' Call back ', due_date: '2026-12-01', priority: 'high', agent_id: 4 }, true),
    ).toEqual({ text: 'Call back', due_date: '2026-12-01', priority: 'high', agent_id: 4 });
    expect(checkedChecklistFields({ due_date: null }, false)).toEqual({ due_date: null });
    expect(() => checkedChecklistFields({}, true)).toThrow(expect.objectContaining({ attributes: ['text'] }));
    expect(() => checkedChecklistFields({ due_date: '01/12/2026' }, false)).toThrow(
      expect.objectContaining({ attributes: ['due_date'] }),
    );
    expect(() => checkedChecklistFields({ priority: 'soon' as never }, false)).toThrow(
      expect.objectContaining({ code: 'KANBAN_CHECKLIST.ITEM_INVALID' }),
    );
  });
});
