import { checkIdentity, identifierHash } from './public-identity.rules';

describe('checkIdentity', () => {
  const inbox = { hmac_token: 'key', hmac_mandatory: false };
  const hash = identifierHash('key', 'user-1');

  it('is the hex HMAC-SHA256 of the identifier under the inbox key', () => {
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(identifierHash('other', 'user-1')).not.toBe(hash);
  });

  it('leaves a call without a hash unchecked unless the inbox demands one', () => {
    expect(checkIdentity(inbox, { identifier: 'user-1' })).toEqual({ kind: 'unchecked' });
    expect(checkIdentity({ ...inbox, hmac_mandatory: true }, { identifier: 'user-1' })).toEqual({ kind: 'failed' });
    expect(checkIdentity({ ...inbox, hmac_mandatory: true }, {})).toEqual({ kind: 'failed' });
  });

  it('proves the identifier whose hash it is, in either case of hex', () => {
    expect(checkIdentity(inbox, { identifier: 'user-1', identifier_hash: hash })).toEqual({
      kind: 'proven',
      identifier: 'user-1',
    });
    expect(checkIdentity(inbox, { identifier: 'user-1', identifier_hash: hash.toUpperCase() }).kind).toBe('proven');
  });

  it('fails a wrong hash, a hash of another identifier, and a hash without an identifier', () => {
    expect(checkIdentity(inbox, { identifier: 'user-1', identifier_hash: 'abc' }).kind).toBe('failed');
    expect(checkIdentity(inbox, { identifier: 'user-2', identifier_hash: hash }).kind).toBe('failed');
    expect(checkIdentity(inbox, { identifier_hash: hash }).kind).toBe('failed');
  });
});
