import { prefixQuery } from './contact.query';

describe('prefixQuery', () => {
  it('turns every word into a prefix term', () => {
    expect(prefixQuery('Maria Silva')).toBe('maria:* & silva:*');
    expect(prefixQuery('maria@example.com')).toBe('maria:* & example:* & com:*');
    expect(prefixQuery('+5511')).toBe('5511:*');
  });

  it('drops characters that would break the query', () => {
    expect(prefixQuery("o'brien & co | !x")).toBe('o:* & brien:* & co:* & x:*');
    expect(prefixQuery(' &|! ')).toBeNull();
  });
});
