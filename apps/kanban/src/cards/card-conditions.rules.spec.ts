import { cardConditions, prefixQuery } from './card-conditions.rules';

describe('card conditions', () => {
  it('numbers parameters in the order conditions are added, skipping absent ones', () => {
    const conditions = cardConditions(7)
      .addIf(3, 'c.funnel_id = $?')
      .addIf(undefined, 'c.stage_key = $?')
      .add('c.value >= $?', 10);
    expect(conditions.where).toBe('c.account_id = $1 AND c.funnel_id = $2 AND c.value >= $3');
    expect(conditions.param(25)).toBe('$4');
    expect(conditions.params).toEqual([7, 3, 10, 25]);
  });

  it('turns free text into a safe prefix query', () => {
    expect(prefixQuery("Acme's big-deal!")).toBe('acme:* & s:* & big:* & deal:*');
    expect(prefixQuery('  ) & | ')).toBeNull();
  });
});
