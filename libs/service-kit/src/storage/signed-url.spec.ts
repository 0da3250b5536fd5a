import { signedFileUrl, verifyFileSignature } from './signed-url';

describe('signed file URLs', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  const ref = { key: 'a1/3f2c/photo.png', contentType: 'image/png' };

  function parse(url: string) {
    const parsed = new URL(url);
    return {
      key: parsed.pathname.replace(/^\/attachments\//, ''),
      contentType: parsed.searchParams.get('type')!,
      expires: Number(parsed.searchParams.get('expires')),
      signature: parsed.searchParams.get('signature')!,
    };
  }

  it('verifies its own links until they expire', () => {
    const link = parse(signedFileUrl('https://api.example.com', ref, 'secret', 60, now));
    expect(link.key).toBe(ref.key);
    expect(verifyFileSignature(link, link.signature, 'secret', now + 59_000)).toBe(true);
    expect(verifyFileSignature(link, link.signature, 'secret', now + 61_000)).toBe(false);
  });

  it('refuses a link whose key, type or signature was changed, or signed with another secret', () => {
    const link = parse(signedFileUrl('https://api.example.com', ref, 'secret', 60, now));
    expect(verifyFileSignature({ ...link, key: 'a1/3f2c/other.png' }, link.signature, 'secret', now)).toBe(false);
    expect(verifyFileSignature({ ...link, contentType: 'text/html' }, link.signature, 'secret', now)).toBe(false);
    expect(
      verifyFileSignature(
        link,
        link.signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
        'secret',
        now,
      ),
    ).toBe(false);
    expect(verifyFileSignature(link, 'zz', 'secret', now)).toBe(false);
    expect(verifyFileSignature(link, link.signature, 'other secret', now)).toBe(false);
  });
});
