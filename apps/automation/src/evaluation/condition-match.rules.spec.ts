import type { ConversationSnapshot, RuleCondition } from '@parley/contracts';
import { conditionsMatch, type Facts } from './condition-match.rules';

const facts = (conversation: Partial<ConversationSnapshot>, message: Facts['message'] = null): Facts => ({
  conversation: {
    status: 'open',
    labels: [],
    additional_attributes: {},
    custom_attributes: {},
    priority: null,
    ...conversation,
  } as ConversationSnapshot,
  message,
});

const c = (
  attribute_key: string,
  filter_operator: string,
  values: unknown[],
  query_operator: 'and' | 'or' | null = null,
): RuleCondition => ({ attribute_key, filter_operator, values, query_operator });

describe('conditions', () => {
  it('binds AND tighter than OR', () => {
    // status = resolved OR (priority = high AND labels contain vip)
    const conditions = [
      c('status', 'equal_to', ['resolved'], 'or'),
      c('priority', 'equal_to', ['high'], 'and'),
      c('labels', 'contains', ['vip']),
    ];
    expect(conditionsMatch(conditions, facts({ status: 'resolved' }))).toBe(true);
    expect(conditionsMatch(conditions, facts({ priority: 'high', labels: ['vip'] }))).toBe(true);
    expect(conditionsMatch(conditions, facts({ priority: 'high' }))).toBe(false);
    // (A and B) or C, not A and (B or C)
    const other = [
      c('status', 'equal_to', ['pending'], 'and'),
      c('priority', 'equal_to', ['low'], 'or'),
      c('labels', 'contains', ['vip']),
    ];
    expect(conditionsMatch(other, facts({ status: 'open', labels: ['vip'] }))).toBe(true);
    expect(conditionsMatch(other, facts({ status: 'open', priority: 'low' }))).toBe(false);
  });

  it('compares text case-insensitively and reads the message and the additional attributes', () => {
    const message = { content: 'Where is my INVOICE?', message_type: 'incoming' as const };
    expect(conditionsMatch([c('content', 'contains', ['invoice'])], facts({}, message))).toBe(true);
    expect(
      conditionsMatch(
        [c('content', 'starts_with', ['where'], 'and'), c('message_type', 'equal_to', ['incoming'])],
        facts({}, message),
      ),
    ).toBe(true);
    expect(
      conditionsMatch(
        [c('browser_language', 'equal_to', ['pt-BR'])],
        facts({ additional_attributes: { browser_language: 'pt-br' } }),
      ),
    ).toBe(true);
    expect(conditionsMatch([c('referer', 'is_present', [])], facts({}))).toBe(false);
  });

  it('tests labels as a set and custom attributes by number', () => {
    expect(conditionsMatch([c('labels', 'equal_to', ['vip'])], facts({ labels: ['new', 'vip'] }))).toBe(true);
    expect(conditionsMatch([c('labels', 'does_not_contain', ['vip'])], facts({ labels: ['new', 'vip'] }))).toBe(false);
    expect(
      conditionsMatch([c('custom_attributes.score', 'greater_than', [3])], facts({ custom_attributes: { score: 5 } })),
    ).toBe(true);
    expect(
      conditionsMatch([c('custom_attributes.score', 'less_than', [3])], facts({ custom_attributes: { score: 5 } })),
    ).toBe(false);
    // A contact attribute when the conversation has none of that name.
    const withContact = {
      ...facts({ custom_attributes: { plan: 'pro' } }),
      contactAttributes: { plan: 'free', vip: true },
    };
    expect(
      conditionsMatch(
        [c('custom_attributes.vip', 'equal_to', [true], 'and'), c('custom_attributes.plan', 'equal_to', ['pro'])],
        withContact,
      ),
    ).toBe(true);
  });
});
