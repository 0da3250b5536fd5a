import { normaliseColor, normaliseTitle } from './label.rules';

describe('label rules', () => {
  it('stores titles trimmed and lower-case', () => {
    expect(normaliseTitle('  Billing-Issue_2 ')).toBe('billing-issue_2');
  });

  it('accepts letters beyond ASCII', () => {
    expect(normaliseTitle('Atenção')).toBe('atenção');
  });

  it.each([
    ['', "Title can't be blank"],
    ['   ', "Title can't be blank"],
    ['two words', 'no spaces'],
    ['hash#tag', 'letters, numbers'],
    ['x'.repeat(256), 'too long'],
  ])('rejects %j with a 422 on title', (raw, message) => {
    const attempt = () => normaliseTitle(raw);
    expect(attempt).toThrow(expect.objectContaining({ code: 'LABEL.TITLE_INVALID', attributes: ['title'] }));
    expect(attempt).toThrow(message);
  });

  it('accepts short and long hex colors and lower-cases them', () => {
    expect(normaliseColor('#ABC')).toBe('#abc');
    expect(normaliseColor('#1F93FF')).toBe('#1f93ff');
  });

  it.each(['red', '#12345', '1f93ff', '#ggg'])('rejects color %j', (raw) => {
    expect(() => normaliseColor(raw)).toThrow(
      expect.objectContaining({ code: 'LABEL.COLOR_INVALID', attributes: ['color'] }),
    );
  });
});
