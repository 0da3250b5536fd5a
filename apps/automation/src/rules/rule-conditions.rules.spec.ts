import type { CustomAttributeDefinition } from '@parley/contracts';
import { checkConditions, conditionKind } from './rule-conditions.rules';

const definition = (
  key: string,
  type: CustomAttributeDefinition['attribute_display_type'],
  model: CustomAttributeDefinition['attribute_model'],
) => ({ attribute_key: key, attribute_display_type: type, attribute_model: model }) as CustomAttributeDefinition;

describe('rule conditions', () => {
  it('types custom attributes by their definition, the conversation one first', () => {
    const definitions = [
      definition('tier', 'text', 'contact_attribute'),
      definition('tier', 'number', 'conversation_attribute'),
      definition('vip', 'checkbox', 'contact_attribute'),
    ];
    expect(conditionKind('custom_attributes.tier', definitions)).toBe('number');
    expect(conditionKind('custom_attributes.vip', definitions)).toBe('boolean');
    expect(conditionKind('custom_attributes.none', definitions)).toBeNull();
    expect(conditionKind('labels', [])).toBe('labels');
  });

  it('drops the joiner of the last condition and the values of presence tests', () => {
    expect(
      checkConditions(
        'conversation_updated',
        [
          { attribute_key: 'priority', filter_operator: 'is_present', values: ['x'], query_operator: 'OR' as 'or' },
          { attribute_key: 'status', filter_operator: 'equal_to', values: ['open'], query_operator: 'and' },
        ],
        [],
      ),
    ).toEqual([
      { attribute_key: 'priority', filter_operator: 'is_present', values: [], query_operator: 'or' },
      { attribute_key: 'status', filter_operator: 'equal_to', values: ['open'], query_operator: null },
    ]);
  });

  it('refuses a boolean attribute compared with a string', () => {
    const attempt = () =>
      checkConditions(
        'conversation_created',
        [{ attribute_key: 'custom_attributes.vip', filter_operator: 'equal_to', values: ['yes'] }],
        [definition('vip', 'checkbox', 'contact_attribute')],
      );
    expect(attempt).toThrow(
      expect.objectContaining({
        code: 'AUTOMATION_RULE.INVALID_CONDITIONS',
        attributes: ['conditions[0].values'],
        message: 'Condition 1: values must be booleans',
      }),
    );
  });
});
