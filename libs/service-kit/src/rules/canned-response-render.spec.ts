import { renderCannedResponse } from './canned-response-render';

describe('renderCannedResponse', () => {
  const variables = {
    contact: { name: 'Maria', email: 'maria@example.com', phone_number: '+5511999990000' },
    conversation: { id: 42, display_id: 42 },
    agent: { name: 'Alice' },
  };

  it('substitutes every variable of the contract', () => {
    expect(
      renderCannedResponse(
        'Hi {{contact.name}} ({{contact.email}}, {{contact.phone_number}}), ticket #{{conversation.display_id}}/{{conversation.id}} — {{agent.name}}',
        variables,
      ),
    ).toBe('Hi Maria (maria@example.com, +5511999990000), ticket #42/42 — Alice');
  });

  it('tolerates spaces inside the braces', () => {
    expect(renderCannedResponse('Hello {{ contact.name }}!', variables)).toBe('Hello Maria!');
  });

  it('leaves unknown variables as written', () => {
    expect(renderCannedResponse('{{contact.age}} {{order.id}} {{ agent }}', variables)).toBe('{{contact.age}} {{order.id}} {{ agent }}');
  });

  it('renders a missing value as empty', () => {
    expect(renderCannedResponse('Dear {{contact.name}}, from {{agent.name}}', { agent: { name: null } })).toBe('Dear , from ');
  });
});
