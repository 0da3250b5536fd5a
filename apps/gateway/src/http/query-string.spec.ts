import { parseQueryString } from './query-string.parser';

describe('parseQueryString', () => {
  it('reads bracketed and repeated keys as arrays', () => {
    expect(parseQueryString('labels[]=a&labels[]=b&page=2')).toEqual({ labels: ['a', 'b'], page: '2' });
    expect(parseQueryString('labels=a&labels=b')).toEqual({ labels: ['a', 'b'] });
    expect(parseQueryString('labels[]=a')).toEqual({ labels: ['a'] });
  });

  it('merges both spellings and leaves plain values alone', () => {
    expect(parseQueryString('labels=a&labels[]=b&q=x%20y')).toEqual({ labels: ['a', 'b'], q: 'x y' });
  });

  it('leaves blank values out, as if they were not given', () => {
    expect(parseQueryString('type=account&id=&since=1&inbox_id=%20')).toEqual({ type: 'account', since: '1' });
    expect(parseQueryString('labels[]=&labels[]=a&labels=')).toEqual({ labels: ['a'] });
    expect(parseQueryString('labels[]=&labels[]=')).toEqual({});
    expect(parseQueryString('id')).toEqual({});
  });
});
