import { agentsAfterAssignment, assertNoPlacementChange, checkedBulkIds, checkedCustomAttributes, statusAfterMove } from './card.rules';

describe('card rules', () => {
  it('wins or loses a card by the destination stage name, as a whole word in any case', () => {
    expect(statusAfterMove('Deal WON', 'open')).toBe('won');
    expect(statusAfterMove('lost - no budget', 'open')).toBe('lost');
    expect(statusAfterMove('Wonderland', 'open')).toBe('open');
    expect(statusAfterMove('Negotiation', 'won')).toBe('won');
  });

  it('sends stage, funnel and position changes to the move endpoints', () => {
    const card = { funnel_id: 1, funnel_stage: 'lead', position: 3 };
    expect(() => assertNoPlacementChange({ funnel_id: 1, funnel_stage: 'lead', position: 3 }, card)).not.toThrow();
    expect(() => assertNoPlacementChange({ funnel_stage: 'won' }, card)).toThrow(expect.objectContaining({ code: 'KANBAN.USE_MOVE_ENDPOINTS', attributes: ['funnel_stage'] }));
    expect(() => assertNoPlacementChange({ funnel_id: 2, position: 1 }, card)).toThrow(expect.objectContaining({ attributes: ['funnel_id', 'position'] }));
  });

  it('validates custom attributes against the funnel definitions', () => {
    const definitions = [
      { key: 'source', name: 'Source', type: 'list' as const, values: ['ads', 'referral'], required: true },
      { key: 'seats', name: 'Seats', type: 'number' as const, values: [], required: false },
    ];
    expect(checkedCustomAttributes(definitions, { source: 'ads', seats: 3, free: 'x' })).toEqual({ source: 'ads', seats: 3, free: 'x' });
    expect(() => checkedCustomAttributes(definitions, { seats: 'many' })).toThrow(
      expect.objectContaining({ attributes: ['custom_attributes.source', 'custom_attributes.seats'] }),
    );
  });

  it('bounds bulk requests and applies the assignment modes', () => {
    expect(checkedBulkIds([3, 3, 4])).toEqual([3, 4]);
    expect(() => checkedBulkIds([])).toThrow(expect.objectContaining({ attributes: ['item_ids'] }));
    expect(() => checkedBulkIds(Array.from({ length: 1001 }, (_, i) => i + 1))).toThrow('at most 1000');
    expect(agentsAfterAssignment([1, 2], 3, 'add')).toEqual([1, 2, 3]);
    expect(agentsAfterAssignment([1, 2], 2, 'add')).toEqual([1, 2]);
    expect(agentsAfterAssignment([1, 2], 3, 'replace')).toEqual([3]);
  });
});
