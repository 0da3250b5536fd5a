import {
  attributeValueProblem,
  customAttributeProblems,
  safeRegex,
  type AttributeRule,
} from './custom-attribute-values';

const rule = (type: AttributeRule['attribute_display_type'], extra: Partial<AttributeRule> = {}): AttributeRule => ({
  attribute_key: 'k',
  attribute_display_name: 'Field',
  attribute_display_type: type,
  attribute_values: [],
  regex_pattern: null,
  regex_cue: null,
  ...extra,
});

describe('attributeValueProblem', () => {
  it.each([
    ['text', 'hello'],
    ['number', 42],
    ['number', '3.5'],
    ['currency', 19.99],
    ['percent', 0],
    ['percent', 100],
    ['link', 'https://example.com/x'],
    ['date', '2026-11-22'],
    ['date', '2026-11-22T10:00:00Z'],
    ['checkbox', false],
  ] as const)('accepts a %s value %j', (type, value) => {
    expect(attributeValueProblem(rule(type), value)).toBeNull();
  });

  it.each([
    ['text', 5, 'Field must be text'],
    ['number', 'abc', 'Field must be a number'],
    ['number', '', 'Field must be a number'],
    ['currency', {}, 'Field must be a number'],
    ['percent', 101, 'Field must be a percentage from 0 to 100'],
    ['link', 'ftp://example.com', 'Field must be an http(s) link'],
    ['link', 'not a url', 'Field must be a link'],
    ['date', '22/11/2026', 'Field must be an ISO 8601 date'],
    ['date', '2026-13-45', 'Field must be an ISO 8601 date'],
    ['checkbox', 'true', 'Field must be true or false'],
  ] as const)('refuses a %s value %j', (type, value, message) => {
    expect(attributeValueProblem(rule(type), value)).toBe(message);
  });

  it('checks list membership', () => {
    const tiers = rule('list', { attribute_values: ['gold', 'silver'] });
    expect(attributeValueProblem(tiers, 'gold')).toBeNull();
    expect(attributeValueProblem(tiers, 'bronze')).toBe('Field must be one of: gold, silver');
  });

  it('applies the regex and answers with its cue', () => {
    const code = rule('text', { regex_pattern: '^[A-Z]{3}-\\d+$', regex_cue: 'Use the form ABC-123' });
    expect(attributeValueProblem(code, 'ABC-123')).toBeNull();
    expect(attributeValueProblem(code, 'abc')).toBe('Use the form ABC-123');
    expect(attributeValueProblem(rule('text', { regex_pattern: '^x$' }), 'y')).toBe('Field is invalid');
  });

  it('always lets null clear a value', () => {
    expect(attributeValueProblem(rule('checkbox'), null)).toBeNull();
  });
});

describe('customAttributeProblems', () => {
  it('checks defined keys and lets undefined ones through', () => {
    const rules = [rule('number', { attribute_key: 'age', attribute_display_name: 'Age' })];
    expect(customAttributeProblems(rules, { age: 'old', nickname: 42 })).toEqual({ age: 'Age must be a number' });
    expect(customAttributeProblems(rules, { age: 30 })).toEqual({});
  });
});

describe('safeRegex', () => {
  it('compiles a valid pattern and refuses a broken one', () => {
    expect(safeRegex('^a+$')?.test('aaa')).toBe(true);
    expect(safeRegex('(unclosed')).toBeNull();
  });
});
