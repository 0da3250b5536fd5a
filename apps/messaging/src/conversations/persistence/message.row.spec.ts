import { insertMessageParams, type MessageInsert } from './message.row';

const reply: MessageInsert = {
  account_id: 1,
  conversation_id: 2,
  inbox_id: 3,
  content: 'Hello',
  message_type: 'outgoing',
  content_type: 'text',
  content_attributes: { a: 1 },
  status: 'sent',
  private: false,
  source_id: null,
  echo_id: 'e-1',
  sender_type: 'user',
  sender_id: 4,
  template_params: null,
  origin: 'api',
};

/** The three flags INSERT_MESSAGE's counter update reads: activity ($15), incoming ($16), agent reply ($17). */
const flags = (message: MessageInsert) => insertMessageParams(message).slice(14, 17);

describe('insertMessageParams', () => {
  it('lists the columns in the statement order, JSON as text', () => {
    expect(insertMessageParams(reply).slice(0, 14)).toEqual([
      1,
      2,
      3,
      'Hello',
      'outgoing',
      'text',
      '{"a":1}',
      'sent',
      false,
      null,
      'e-1',
      'user',
      4,
      null,
    ]);
  });

  it("counts an agent's public reply as a reply", () => {
    expect(flags(reply)).toEqual([false, false, true]);
  });

  it('does not count private notes, contacts, bots or activity as replies', () => {
    expect(flags({ ...reply, private: true })).toEqual([false, false, false]);
    expect(flags({ ...reply, message_type: 'incoming', sender_type: 'contact' })).toEqual([false, true, false]);
    expect(flags({ ...reply, sender_type: 'agent_bot' })).toEqual([false, false, false]);
    expect(flags({ ...reply, message_type: 'activity', sender_type: null, sender_id: null })).toEqual([
      true,
      false,
      false,
    ]);
  });

  it("keeps the message's origin ($18)", () => {
    expect(insertMessageParams({ ...reply, origin: 'automation:7' })[17]).toBe('automation:7');
  });

  it('stores template parameters as JSON', () => {
    expect(
      insertMessageParams({ ...reply, message_type: 'template', template_params: { name: 't', language: 'en' } })[13],
    ).toBe('{"name":"t","language":"en"}');
  });
});
