import { templateContent } from './template.rules';

describe('templateContent', () => {
  it('replaces numbered placeholders and keeps unknown ones', () => {
    expect(
      templateContent('Hi {{1}}, order {{ 2 }} ships {{3}}', {
        name: 't',
        language: 'en_US',
        processed_params: { '1': 'Ana', '2': '#42' },
      }),
    ).toBe('Hi Ana, order #42 ships {{3}}');
  });

  it('is empty for a template sent without content', () => {
    expect(templateContent(undefined, { name: 'hello_world', language: 'en_US' })).toBe('');
  });

  it('validates the parameters', () => {
    expect(() =>
      templateContent('', {
        name: 'shipping_update',
        language: 'pt_BR',
        category: 'UTILITY',
        processed_params: { '1': 'x' },
      }),
    ).not.toThrow();
    expect(() => templateContent('', { name: '', language: 'pt_BR' })).toThrow('template_params.name is required');
    expect(() => templateContent('', { name: 'x', language: 'en', category: 'PROMO' as never })).toThrow(
      'category must be one of',
    );
    expect(() => templateContent('', { name: 'x', language: 'en', processed_params: { '1': 5 } as never })).toThrow(
      'processed_params',
    );
  });
});
