import { attributeKeyFor, slugifyAttributeKey } from './attribute-key.rules';

describe('attribute keys', () => {
  it.each([
    ['Customer Tier', 'customer_tier'],
    ['  Plan (2024) ', 'plan_2024'],
    ['Preço médio', 'preco_medio'],
    ['already_a_key', 'already_a_key'],
  ])('slugifies %j as %j', (name, key) => {
    expect(slugifyAttributeKey(name)).toBe(key);
  });

  it('keeps a valid key that is given', () => {
    expect(attributeKeyFor('tier_code', 'Something Else')).toBe('tier_code');
  });

  it('refuses an invalid given key and a name with nothing to slug', () => {
    expect(() => attributeKeyFor('Tier Code', 'x')).toThrow(
      expect.objectContaining({ code: 'CUSTOM_ATTRIBUTE.KEY_INVALID', attributes: ['attribute_key'] }),
    );
    expect(() => attributeKeyFor(undefined, '!!!')).toThrow(
      expect.objectContaining({ code: 'CUSTOM_ATTRIBUTE.KEY_UNDERIVABLE', attributes: ['attribute_key'] }),
    );
  });
});
