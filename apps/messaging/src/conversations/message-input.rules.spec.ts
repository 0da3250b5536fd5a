import { assertContentAllowed, composeMessage } from './message-input.rules';

describe('assertContentAllowed', () => {
  const items = { items: [{ title: 'Yes', value: 'yes' }] };

  it('accepts input_select with items on interactive channels', () => {
    expect(() => assertContentAllowed('input_select', items, 'Channel::WebWidget')).not.toThrow();
    expect(() => assertContentAllowed('input_select', items, 'Channel::BotChat')).not.toThrow();
  });

  it('refuses input_select elsewhere or without proper items', () => {
    expect(() => assertContentAllowed('input_select', items, 'Channel::Sms')).toThrow(
      expect.objectContaining({ code: 'MESSAGE.CONTENT_TYPE_UNSUPPORTED', attributes: ['content_type'] }),
    );
    for (const attributes of [{}, { items: [] }, { items: [{ title: 'x' }] }, { items: 'yes' }]) {
      expect(() => assertContentAllowed('input_select', attributes, 'Channel::WebWidget')).toThrow(
        expect.objectContaining({ attributes: ['content_attributes'] }),
      );
    }
  });

  it('lets other content types through', () => {
    expect(() => assertContentAllowed('cards', {}, 'Channel::Sms')).not.toThrow();
    expect(() => assertContentAllowed('form', {}, 'Channel::Api')).not.toThrow();
  });
});

describe('composeMessage', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const mobile = {
    channel: 'Channel::MobileChat' as const,
    lastIncomingAt: new Date('2026-11-22T00:00:00Z'),
    contactId: 7,
    userId: 3,
  };
  const closed = { ...mobile, lastIncomingAt: new Date('2026-11-20T00:00:00Z') };
  const template_params = { name: 'order_update', language: 'en_US', processed_params: { '1': 'Ana' } };

  it("writes an agent's outgoing message by default and the contact's incoming one", () => {
    expect(composeMessage({ content: 'Hi' }, mobile, now)).toMatchObject({
      content: 'Hi',
      messageType: 'outgoing',
      senderType: 'user',
      senderId: 3,
      private: false,
    });
    expect(composeMessage({ content: 'Help', message_type: 'incoming', private: true }, closed, now)).toMatchObject({
      messageType: 'incoming',
      senderType: 'contact',
      senderId: 7,
      private: false,
    });
  });

  it('refuses free text outside the messaging window, but not a template or a private note', () => {
    expect(() => composeMessage({ content: 'Hi' }, closed, now)).toThrow(
      expect.objectContaining({ code: 'MESSAGE.WINDOW_CLOSED', attributes: ['template_params'] }),
    );
    expect(composeMessage({ content: 'Hi {{1}}', template_params }, closed, now)).toMatchObject({
      messageType: 'template',
      content: 'Hi Ana',
    });
    expect(composeMessage({ content: 'note', private: true }, closed, now)).toMatchObject({ private: true });
  });

  it('refuses blank text without attachments, activity messages and templates without parameters', () => {
    expect(() => composeMessage({ content: ' ' }, mobile, now)).toThrow(
      expect.objectContaining({ code: 'MESSAGE.CONTENT_BLANK' }),
    );
    const file = { storage_key: 'k', file_name: 'a.png', content_type: 'image/png', file_size: 1 };
    expect(composeMessage({ content: null, files: [file] }, mobile, now)).toMatchObject({
      content: null,
      files: [file],
    });
    expect(() => composeMessage({ content: 'x', message_type: 'activity' }, mobile, now)).toThrow(
      expect.objectContaining({ code: 'MESSAGE.ACTIVITY_NOT_WRITABLE' }),
    );
    expect(() => composeMessage({ content: 'x', message_type: 'template' }, mobile, now)).toThrow(
      expect.objectContaining({ code: 'MESSAGE.TEMPLATE_REQUIRED' }),
    );
  });
});
