import { renderMessage, spin, substituteVariables } from './message-render.rules';

/** A seeded source (mulberry32), so picks are repeatable. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const contact = {
  name: 'Ada',
  email: 'ada@example.com',
  phone_number: '+15550001',
  identifier: 'u-1',
  custom_attributes: { plan: 'pro', seats: 3 },
};

describe('campaign message rendering', () => {
  it('fills the contact variables, custom attributes included, and leaves missing ones empty', () => {
    expect(
      substituteVariables(
        'Hi {{contact.name}} <{{ contact.email }}> {{contact.phone_number}} {{contact.identifier}}',
        contact,
      ),
    ).toBe('Hi Ada <ada@example.com> +15550001 u-1');
    expect(
      substituteVariables(
        '{{contact.custom_attributes.plan}}/{{contact.custom_attributes.seats}}/{{contact.custom_attributes.none}}.',
        contact,
      ),
    ).toBe('pro/3/.');
    expect(substituteVariables('{{contact.email}}|{{contact.nickname}}', { ...contact, email: null })).toBe('|');
  });

  it('picks one alternative per group, nested groups included, from the random source', () => {
    expect(spin('{a|b|c}', () => 0)).toBe('a');
    expect(spin('{a|b|c}', () => 0.5)).toBe('b');
    expect(spin('{a|b|c}', () => 0.99)).toBe('c');
    expect(spin('x {a|{b|c}} y', () => 0.9)).toBe('x c y');
    const random = seeded(42);
    const picks = new Set(Array.from({ length: 50 }, () => spin('{Hello|Hi|Hey} there', random)));
    expect(picks).toEqual(new Set(['Hello there', 'Hi there', 'Hey there']));
  });

  it('leaves unbalanced braces and single-option braces as text', () => {
    expect(spin('a {b|c', () => 0)).toBe('a {b|c');
    expect(spin('a } b | c', () => 0)).toBe('a } b | c');
    expect(spin('{only}', () => 0)).toBe('{only}');
    expect(spin('{x|{y} z', () => 0)).toBe('{x|{y} z');
  });

  it('spins first and fills variables after, so values are never spun', () => {
    expect(renderMessage('{Hi|Hello} {{contact.name}}', { ...contact, name: '{A|B}' }, () => 0)).toBe('Hi {A|B}');
    expect(renderMessage('{Dear {{contact.name}}|Hey}', contact, () => 0)).toBe('Dear Ada');
    expect(renderMessage('same seed, same text: {a|b|c|d}', contact, seeded(7))).toBe(
      renderMessage('same seed, same text: {a|b|c|d}', contact, seeded(7)),
    );
  });
});
