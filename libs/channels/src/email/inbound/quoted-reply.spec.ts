import { visibleReply } from './quoted-reply';

describe('visibleReply', () => {
  it('drops the quoted earlier message', () => {
    const text = [
      'Thanks, that fixed it.',
      '',
      'On Mon, 23 Nov 2026 at 10:00, Ann via Support <help@acme.test> wrote:',
      '> Please restart the router.',
      '> Ann',
    ].join('\n');
    expect(visibleReply(text)).toBe('Thanks, that fixed it.');
  });

  it('keeps a message without quotation whole', () => {
    expect(visibleReply('Hello,\n\nmy order #12 has not arrived.\n')).toBe('Hello,\n\nmy order #12 has not arrived.');
  });
});
