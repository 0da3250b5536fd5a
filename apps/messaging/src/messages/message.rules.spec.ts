import { assertContentAllowed } from './message.rules';

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
