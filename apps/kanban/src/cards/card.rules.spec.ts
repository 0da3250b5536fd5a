import { assertNoPlacementChange, checkedCustomAttributes } from './card.rules';

describe('card rules', () => {
  it('sends stage, funnel and position changes to the move endpoints', () => {
    const card = { funnel_id: 1, funnel_stage: 'lead', position: 3 };
    expect(() => assertNoPlacementChange({ funnel_id: 1, funnel_stage: 'lead', position: 3 }, card)).not.toThrow();
    expect(() => assertNoPlacementChange({ funnel_stage: 'won' }, card)).toThrow(
      expect.objectContaining({ code: 'KANBAN.USE_MOVE_ENDPOINTS', attributes: ['funnel_stage'] }),
    );
    expect(() => assertNoPlacementChange({ funnel_id: 2, position: 1 }, card)).toThrow(
      expect.objectContaining({ attributes: ['funnel_id', 'position'] }),
    );
  });

  it('validates custom attributes against the funnel definitions', () => {
    const definitions = [
      { key: 'source', name: 'Source', type: 'list' as const, values: ['ads', 'referral'], required: true },
      { key: 'seats', name: 'Seats', type: 'number' as const, values: [], required: false },
    ];
    expect(checkedCustomAttributes(definitions, { source: 'ads', seats: 3, free: 'x' })).toEqual({
      source: 'ads',
      seats: 3,
      free: 'x',
    });
    expect(() => checkedCustomAttributes(definitions, { seats: 'many' })).toThrow(
      expect.objectContaining({ attributes: ['custom_attributes.source', 'custom_attributes.seats'] }),
    );
  });
});
