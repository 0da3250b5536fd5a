import { openingMessage } from './opening-message.rules';

describe('openingMessage', () => {
  const contactId = 7;
  const userId = 3;
  const api = { channel: 'Channel::Api' as const, contactId, userId };
  const mobile = { channel: 'Channel::MobileChat' as const, contactId, userId };
  const template_params = { name: 'order_update', language: 'en_US', processed_params: { '1': 'Ana' } };

  it('is none without text or template', () => {
    expect(openingMessage(undefined, api)).toBeNull();
    expect(openingMessage({}, api)).toBeNull();
    expect(openingMessage({ content: '' }, api)).toBeNull();
  });

  it("is the agent's outgoing text by default, the contact's when incoming", () => {
    expect(openingMessage({ content: 'Hi' }, api)).toMatchObject({
      content: 'Hi',
      messageType: 'outgoing',
      senderType: 'user',
      senderId: userId,
    });
    expect(openingMessage({ content: 'Help', message_type: 'incoming' }, api)).toMatchObject({
      content: 'Help',
      messageType: 'incoming',
      senderType: 'contact',
      senderId: contactId,
    });
  });

  it('is a template from the agent when template_params are given, with or without text', () => {
    expect(openingMessage({ template_params }, api)).toMatchObject({
      content: '',
      messageType: 'template',
      senderType: 'user',
      senderId: userId,
      templateParams: template_params,
    });
    expect(openingMessage({ content: 'Hi {{1}}', message_type: 'incoming', template_params }, api)).toMatchObject({
      content: 'Hi Ana',
      messageType: 'template',
      senderId: userId,
    });
  });

  it('is checked as a message of the new conversation, naming the fields under message.', () => {
    expect(() => openingMessage({ template_params: { name: '', language: 'en_US' } }, api)).toThrow(
      expect.objectContaining({ code: 'MESSAGE.TEMPLATE_INVALID', attributes: ['message.template_params'] }),
    );
    expect(() => openingMessage({ content: '   ' }, api)).toThrow(
      expect.objectContaining({ code: 'MESSAGE.CONTENT_BLANK', attributes: ['message.content'] }),
    );
  });

  it('needs a template on a messaging app, whose window a new conversation has not opened', () => {
    expect(() => openingMessage({ content: 'Hi' }, mobile)).toThrow(
      expect.objectContaining({ code: 'MESSAGE.WINDOW_CLOSED', attributes: ['message.template_params'] }),
    );
    expect(openingMessage({ content: 'Hi {{1}}', template_params }, mobile)).toMatchObject({
      messageType: 'template',
      content: 'Hi Ana',
    });
    expect(openingMessage({ content: 'Hello', message_type: 'incoming' }, mobile)).toMatchObject({
      messageType: 'incoming',
    });
  });
});
