import { checkHttpUrl } from './http-url';
import { checkLabelSet, checkLabelTitle } from './label-titles';

describe('label titles', () => {
  it('stores titles lower-case and trimmed', () => {
    expect(checkLabelTitle('  Billing ')).toEqual({ value: 'billing' });
  });

  it.each([
    ['', "Title can't be blank"],
    ['two words', 'Title may contain only letters, numbers, hyphens and underscores (no spaces)'],
    ['x'.repeat(300), expect.stringMatching(/^Title is too long/)],
  ])('refuses %j', (raw, problem) => {
    expect(checkLabelTitle(raw)).toEqual({ problem });
  });

  it('normalises a set: no repeats, sorted', () => {
    expect(checkLabelSet(['VIP', 'billing', 'vip'])).toEqual({ value: ['billing', 'vip'] });
  });

  it('refuses a set with one bad title', () => {
    expect(checkLabelSet(['ok', 'not ok'])).toHaveProperty('problem');
  });
});

describe('http urls', () => {
  it('keeps an http(s) URL trimmed and clears a blank one', () => {
    expect(checkHttpUrl(' https://example.com/a ', 'Avatar URL')).toEqual({ value: 'https://example.com/a' });
    expect(checkHttpUrl('  ', 'Avatar URL')).toEqual({ value: null });
    expect(checkHttpUrl(null, 'Avatar URL')).toEqual({ value: null });
  });

  it.each(['ftp://example.com', 'not a url', 'javascript:alert(1)'])('refuses %j naming the field', (raw) => {
    expect(checkHttpUrl(raw, 'Avatar URL')).toEqual({ problem: 'Avatar URL must be an http(s) URL' });
  });
});
