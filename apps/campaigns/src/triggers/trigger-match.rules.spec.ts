import { triggerMatches } from './trigger-match.rules';

describe('trigger rules', () => {
  it('matches the exact URL once the time on page is reached', () => {
    const rules = { url: 'https://shop.example.com/pricing', time_on_page: 10 };
    expect(triggerMatches(rules, 'https://shop.example.com/pricing', 10)).toBe(true);
    expect(triggerMatches(rules, 'https://shop.example.com/pricing', 9)).toBe(false);
    expect(triggerMatches(rules, 'https://shop.example.com/pricing?x=1', 30)).toBe(false);
    expect(triggerMatches({ url: null }, 'https://shop.example.com/', 30)).toBe(false);
    expect(triggerMatches({ url: 'https://a.example/' }, 'https://a.example/', 0)).toBe(true);
  });
});
