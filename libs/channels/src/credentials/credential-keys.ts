import { createHash } from 'node:crypto';

/** A 256-bit key and the short fingerprint written in front of each ciphertext it made. */
export interface CredentialKey {
  id: string;
  bytes: Buffer;
}

const HEX_KEY = /^[0-9a-f]{64}$/i;
/** 32 bytes in base64 are 43 characters and one `=`. */
const BASE64_KEY = /^[A-Za-z0-9+/]{43}=?$/;

/** A key as the settings give it: 64 hex digits or the base64 of 32 bytes (`openssl rand -base64 32`). */
export function parseCredentialKey(text: string, setting: string): CredentialKey {
  const value = text.trim();
  if (!HEX_KEY.test(value) && !BASE64_KEY.test(value))
    throw new Error(`${setting} must be 32 bytes, as 64 hex digits or base64`);
  const bytes = Buffer.from(value, HEX_KEY.test(value) ? 'hex' : 'base64');
  // A fingerprint, not the key: it only tells which listed key opens a ciphertext.
  const id = createHash('sha256').update('parley-channel-credentials:').update(bytes).digest('base64url').slice(0, 8);
  return { id, bytes };
}

/**
 * The current key (`CHANNEL_CREDENTIALS_KEY`) and the earlier ones still accepted for reading
 * (`CHANNEL_CREDENTIALS_PREVIOUS_KEYS`, comma-separated). Null when no key is set.
 */
export function credentialKeysFromEnv(
  env: Record<string, string | undefined>,
): { current: CredentialKey; previous: CredentialKey[] } | null {
  const current = env['CHANNEL_CREDENTIALS_KEY']?.trim();
  if (!current) return null;
  const previous = (env['CHANNEL_CREDENTIALS_PREVIOUS_KEYS'] ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean)
    .map((key) => parseCredentialKey(key, 'CHANNEL_CREDENTIALS_PREVIOUS_KEYS'));
  return { current: parseCredentialKey(current, 'CHANNEL_CREDENTIALS_KEY'), previous };
}
