import { openingMessage } from './opening-message.rules';

describe('openingMessage', () => {
  const contactId = 7;
  const userId = 3;

  it('is none without text or template', () => {
    expect(openingMessage(undefined, contactId, userId)).toBeNull();
    expect(openingMessage({}, contactId, userId)).toBeNull();
    expect(openingMessage({ content: '' }, contactId, userId)).toBeNull();
  });

  it("is the agent's outgoing text by default, the contact's when incoming", () => {
    expect(openingMessage({ content: 'Hi' }, contactId, userId)).toEqual({ content: 'Hi', messageType: 'outgoing', senderType: 'user', senderId: userId });
    expect(openingMessage({ content: 'Help', message_type: 'incoming' }, contactId, userId)).toEqual({
      content: 'Help',
      messageType: 'incoming',
      senderType: 'contact',
      senderId: contactId,
    });
  });

  it('is a template from the agent when template_params are given, with or without text', () => {
    const template_params = { name: 'order_update', language: 'en_US', processed_params: { '1': 'Ana' } };
    expect(openingMessage({ template_params }, contactId, userId)).toEqual({ content: '', messageType: 'template', senderType: 'user', senderId: userId, templateParams: template_params });
    expect(openingMessage({ content: 'Hi {{1}}', message_type: 'incoming', template_params }, contactId, userId)).toMatchObject({ content: 'Hi Ana', messageType: 'template', senderId: userId });
  });

  it('refuses an invalid template', () => {
    expect(() => openingMessage({ template_params: { name: '', language: 'en_US' } }, contactId, userId)).toThrow('template_params.name is required');
  });
});
