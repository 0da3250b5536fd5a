import { createHash, randomBytes } from 'node:crypto';

/** A new random access token (32 url-safe characters) and the hash that is stored. */
export function generateAccessToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: hashAccessToken(token) };
}

/** Tokens are looked up by their SHA-256, never stored in clear. */
export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
