import { assertContentAllowed, assertTemplateParams, renderTemplate } from './message.rules';

describe('assertContentAllowed', () => {
  const items = { items: [{ title: 'Yes', value: 'yes' }] };

  it('accepts input_select with items on interactive channels', () => {
    expect(() => assertContentAllowed('input_select', items, 'Channel::WebWidget')).not.toThrow();
    expect(() => assertContentAllowed('input_select', items, 'Channel::BotChat')).not.toThrow();
  });

  it('refuses input_select elsewhere or without proper items', () => {
    expect(() => assertContentAllowed('input_select', items, 'Channel::Sms')).toThrow(expect.objectContaining({ code: 'MESSAGE.CONTENT_TYPE_UNSUPPORTED', attributes: ['content_type'] }));
    for (const attributes of [{}, { items: [] }, { items: [{ title: 'x' }] }, { items: 'yes' }]) {
      expect(() => assertContentAllowed('input_select', attributes, 'Channel::WebWidget')).toThrow(expect.objectContaining({ attributes: ['content_attributes'] }));
    }
  });

  it('lets other content types through', () => {
    expect(() => assertContentAllowed('cards', {}, 'Channel::Sms')).not.toThrow();
    expect(() => assertContentAllowed('form', {}, 'Channel::Api')).not.toThrow();
  });
});

describe('templates', () => {
  it('replaces numbered placeholders and keeps unknown ones', () => {
    expect(renderTemplate('Hi {{1}}, order {{ 2 }} ships {{3}}', { name: 't', language: 'en_US', processed_params: { '1': 'Ana', '2': '#42' } })).toBe(
      'Hi Ana, order #42 ships {{3}}',
    );
  });

  it('validates the parameters', () => {
    expect(() => assertTemplateParams({ name: 'shipping_update', language: 'pt_BR', category: 'UTILITY', processed_params: { '1': 'x' } })).not.toThrow();
    expect(() => assertTemplateParams({ name: '', language: 'pt_BR' })).toThrow('template_params.name is required');
    expect(() => assertTemplateParams({ name: 'x', language: 'en', category: 'PROMO' as never })).toThrow('category must be one of');
    expect(() => assertTemplateParams({ name: 'x', language: 'en', processed_params: { '1': 5 } as never })).toThrow('processed_params');
  });
});
