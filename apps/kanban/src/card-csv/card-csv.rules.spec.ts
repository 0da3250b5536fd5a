import { checkedMappings, detectSeparator, importedCard } from './card-csv.rules';

describe('card CSV rules', () => {
  it('detects the separator outside quotes', () => {
    expect(detectSeparator('title;description;value')).toBe(';');
    expect(detectSeparator('title,description,"a;b;c"')).toBe(',');
    expect(detectSeparator('title')).toBe(';');
  });

  it('checks mappings against the columns and the card fields', () => {
    expect(
      checkedMappings({ Name: 'title', Amount: 'value', Source: 'custom_attributes.source' }, [
        'Name',
        'Amount',
        'Source',
      ]),
    ).toEqual([
      { column: 0, field: 'title' },
      { column: 1, field: 'value' },
      { column: 2, field: 'custom_attributes.source' },
    ]);
    expect(() => checkedMappings({ Missing: 'title' }, ['Name'])).toThrow('The file has no column "Missing"');
    expect(() => checkedMappings({ Name: 'owner' }, ['Name'])).toThrow(
      expect.objectContaining({ code: 'KANBAN_IMPORT.MAPPING_INVALID', attributes: ['mappings'] }),
    );
    expect(() => checkedMappings({ Name: 'description' }, ['Name'])).toThrow('A column must be mapped to title');
  });

  it('reads a row through the mappings, or says what is wrong with it', () => {
    const mappings = [
      { column: 0, field: 'title' },
      { column: 1, field: 'value' },
      { column: 2, field: 'priority' },
      { column: 3, field: 'assigned_agents' },
      { column: 4, field: 'custom_attributes' },
    ];
    expect(importedCard(["'=Deal", '1 500,50', 'High', '3,4', '{"a":1}'], mappings)).toEqual({
      title: '=Deal',
      description: null,
      value: 1500.5,
      currency: null,
      priority: 'high',
      status: 'open',
      stage: null,
      agents: [3, 4],
      attributes: { a: 1 },
    });
    expect(importedCard(['', '1', '', '', ''], mappings)).toEqual({ problem: 'title is blank' });
    expect(importedCard(['Deal', 'lots', '', '', ''], mappings)).toEqual({ problem: 'value "lots" is not a number' });
    expect(importedCard(['Deal', '', 'soon', '', ''], mappings)).toHaveProperty('problem');
  });
});
