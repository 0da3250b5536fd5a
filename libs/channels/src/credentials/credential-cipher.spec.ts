import { randomBytes } from 'node:crypto';
import { CredentialCipher, CredentialDecryptionError } from './credential-cipher';
import { parseCredentialKey } from './credential-keys';

const hexKey = () => randomBytes(32).toString('hex');
const cipherFor = (current: string, ...previous: string[]) =>
  CredentialCipher.fromEnv({
    CHANNEL_CREDENTIALS_KEY: current,
    CHANNEL_CREDENTIALS_PREVIOUS_KEYS: previous.join(','),
  })!;

describe('CredentialCipher', () => {
  it('opens what it sealed, and never seals the same way twice', () => {
    const cipher = cipherFor(hexKey());
    const first = cipher.encrypt('s3cret pässword', 'inbox:1:smtp_password');
    const second = cipher.encrypt('s3cret pässword', 'inbox:1:smtp_password');
    expect(first).not.toContain('s3cret');
    expect(first).not.toBe(second);
    expect(cipher.decrypt(first, 'inbox:1:smtp_password')).toBe('s3cret pässword');
  });

  it('accepts a base64 key', () => {
    const cipher = cipherFor(randomBytes(32).toString('base64'));
    expect(cipher.decrypt(cipher.encrypt('x', 'c'), 'c')).toBe('x');
  });

  it('refuses a tampered ciphertext', () => {
    const cipher = cipherFor(hexKey());
    const parts = cipher.encrypt('token-value', 'inbox:1:bot_token').split(':');
    const sealed = Buffer.from(parts[4], 'base64url');
    sealed[0] ^= 1;
    parts[4] = sealed.toString('base64url');
    expect(() => cipher.decrypt(parts.join(':'), 'inbox:1:bot_token')).toThrow(CredentialDecryptionError);
  });

  it('refuses a ciphertext moved to another inbox or field', () => {
    const cipher = cipherFor(hexKey());
    const sealed = cipher.encrypt('token-value', 'inbox:1:bot_token');
    expect(() => cipher.decrypt(sealed, 'inbox:2:bot_token')).toThrow(CredentialDecryptionError);
  });

  it('refuses a ciphertext of a key it does not have', () => {
    const sealed = cipherFor(hexKey()).encrypt('token-value', 'c');
    expect(() => cipherFor(hexKey()).decrypt(sealed, 'c')).toThrow(/not configured/);
  });

  it('refuses a wrong key that claims the right key id', () => {
    const right = parseCredentialKey(hexKey(), 'k');
    const wrong = { id: right.id, bytes: randomBytes(32) };
    const sealed = new CredentialCipher(right).encrypt('token-value', 'c');
    expect(() => new CredentialCipher(wrong).decrypt(sealed, 'c')).toThrow(CredentialDecryptionError);
  });

  it('refuses plain text and malformed values', () => {
    const cipher = cipherFor(hexKey());
    expect(() => cipher.decrypt('plain-password', 'c')).toThrow(CredentialDecryptionError);
    expect(() => cipher.decrypt('enc:v1:abc:::', 'c')).toThrow(CredentialDecryptionError);
  });

  it('opens ciphertexts of a previous key after a rotation and tells they need resealing', () => {
    const oldKey = hexKey();
    const sealedBefore = cipherFor(oldKey).encrypt('old-secret', 'c');
    const rotated = cipherFor(hexKey(), oldKey);
    expect(rotated.decrypt(sealedBefore, 'c')).toBe('old-secret');
    expect(rotated.isCurrent(sealedBefore)).toBe(false);
    const resealed = rotated.encrypt(rotated.decrypt(sealedBefore, 'c'), 'c');
    expect(rotated.isCurrent(resealed)).toBe(true);
  });

  it('is absent without a key and refuses malformed keys', () => {
    expect(CredentialCipher.fromEnv({})).toBeNull();
    expect(() => cipherFor('too-short')).toThrow(/CHANNEL_CREDENTIALS_KEY must be 32 bytes/);
    expect(() => cipherFor(hexKey(), 'zz')).toThrow(/CHANNEL_CREDENTIALS_PREVIOUS_KEYS must be 32 bytes/);
    expect(() => cipherFor(randomBytes(16).toString('base64'))).toThrow(/must be 32 bytes/);
  });
});
