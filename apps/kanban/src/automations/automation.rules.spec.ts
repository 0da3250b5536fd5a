import type { KanbanItem } from '@parley/contracts';
import { checkedActions, checkedConditions, checkedTrigger, conditionsMatch } from './automation.rules';

const card = {
  funnel_stage: 'lead',
  item_details: { title: 'Big Deal', status: 'open', priority: 'high', value: 500 },
} as unknown as KanbanItem;

describe('kanban automation rules', () => {
  it('checks triggers with their stage and hours', () => {
    expect(checkedTrigger('item_created', null, null)).toBe('item_created');
    expect(() => checkedTrigger('stage_entered', null, null)).toThrow(
      expect.objectContaining({ attributes: ['stage_id'] }),
    );
    expect(() => checkedTrigger('time_in_stage', 'lead', 0)).toThrow(
      expect.objectContaining({ attributes: ['hours'] }),
    );
    expect(() => checkedTrigger('card_touched', null, null)).toThrow(
      expect.objectContaining({ code: 'KANBAN_AUTOMATION.INVALID' }),
    );
  });

  it('checks actions and their params', () => {
    expect(checkedActions([{ action_name: 'assign_agent', action_params: ['7'] }])).toEqual([
      { action_name: 'assign_agent', action_params: [7] },
    ]);
    expect(() => checkedActions([])).toThrow(expect.objectContaining({ attributes: ['actions'] }));
    expect(() => checkedActions([{ action_name: 'set_priority', action_params: ['soon'] }])).toThrow(
      expect.objectContaining({ attributes: ['actions.0.action_params'] }),
    );
    expect(() => checkedActions([{ action_name: 'delete_card', action_params: [1] }])).toThrow(
      expect.objectContaining({ attributes: ['actions.0.action_name'] }),
    );
  });

  it('matches conditions against the card', () => {
    const conditions = checkedConditions([
      { attribute: 'priority', operator: 'equal_to', value: 'high' },
      { attribute: 'value', operator: 'greater_than', value: 100 },
      { attribute: 'title', operator: 'contains', value: 'deal' },
    ]);
    expect(conditionsMatch(conditions, card)).toBe(true);
    expect(conditionsMatch([{ attribute: 'value', operator: 'less_than', value: 100 }], card)).toBe(false);
    expect(() => checkedConditions([{ attribute: 'colour', operator: 'equal_to', value: 'x' }])).toThrow(
      expect.objectContaining({ attributes: ['conditions.0.attribute'] }),
    );
  });
});
