import { agentsAfterAssignment, checkedBulkIds, statusAfterMove } from './card-moves.rules';

describe('card move rules', () => {
  it('wins or loses a card by the destination stage name, as a whole word in any case', () => {
    expect(statusAfterMove('Deal WON', 'open')).toBe('won');
    expect(statusAfterMove('lost - no budget', 'open')).toBe('lost');
    expect(statusAfterMove('Wonderland', 'open')).toBe('open');
    expect(statusAfterMove('Negotiation', 'won')).toBe('won');
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
