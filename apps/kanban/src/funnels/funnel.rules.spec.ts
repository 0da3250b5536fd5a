import { checkedDefinitions, checkedStages, reorderedStages, stageIdFor } from './funnel.rules';

const stage = (name: string, position: number, color = '#112233') => ({ name, color, position });

describe('funnel rules', () => {
  it('reads a stages map and names the faulty field', () => {
    expect(checkedStages({ lead: stage('Lead', 1), won: { ...stage('Won', 2), description: 'Closed' } })).toEqual([
      { id: 'lead', name: 'Lead', color: '#112233', position: 1, description: null },
      { id: 'won', name: 'Won', color: '#112233', position: 2, description: 'Closed' },
    ]);
    expect(() => checkedStages({})).toThrow(expect.objectContaining({ attributes: ['stages'] }));
    expect(() => checkedStages({ lead: stage('Lead', 1, 'red') })).toThrow(
      expect.objectContaining({ attributes: ['stages.lead.color'] }),
    );
    expect(() => checkedStages({ lead: stage('Lead', 1.5) })).toThrow(
      expect.objectContaining({ attributes: ['stages.lead.position'] }),
    );
    expect(() => checkedStages({ 'a b': stage('Lead', 1) })).toThrow(
      expect.objectContaining({ attributes: ['stages.a b.id'] }),
    );
    expect(() => checkedStages({ lead: { ...stage('Lead', 1), id: 'other' } })).toThrow(
      expect.objectContaining({ code: 'KANBAN.FUNNEL_INVALID' }),
    );
  });

  it('reads definitions', () => {
    expect(checkedDefinitions([{ key: 'source', type: 'list', values: ['ads', 'referral'], required: true }])).toEqual([
      { key: 'source', name: 'source', type: 'list', values: ['ads', 'referral'], required: true },
    ]);
    expect(() => checkedDefinitions([{ key: 'a' }, { key: 'a' }])).toThrow('Definition key a appears twice');
    expect(() => checkedDefinitions([{ key: 'a', type: 'colour' }])).toThrow(
      expect.objectContaining({ attributes: ['global_custom_attributes.0.type'] }),
    );
  });

  it('reorders listed stages first, refusing unknown and repeated ids', () => {
    expect(reorderedStages(['a', 'b', 'c'], ['c', 'a'])).toEqual(['c', 'a', 'b']);
    expect(() => reorderedStages(['a', 'b'], ['a', 'x'])).toThrow('Not stages of this funnel: x');
    expect(() => reorderedStages(['a', 'b'], ['a', 'a'])).toThrow('Listed more than once: a');
  });

  it('derives unique stage ids from names', () => {
    expect(stageIdFor('Follow up!', [])).toBe('follow_up');
    expect(stageIdFor('Lead', ['lead', 'lead_2'])).toBe('lead_3');
  });
});
