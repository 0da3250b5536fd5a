import { createHmac, timingSafeEqual } from 'node:crypto';

/** `identifier_hash` as the reference's widgets and bridges compute it: hex HMAC-SHA256(inbox key, identifier). */
export function identifierHash(hmacToken: string, identifier: string): string {
  return createHmac('sha256', hmacToken).update(identifier).digest('hex');
}

export type IdentityVerdict = { kind: 'unchecked' } | { kind: 'proven'; identifier: string } | { kind: 'failed' };

/**
 * Whether a contact call proves its identifier: checked when a hash is given or the inbox
 * demands it (`hmac_mandatory`); a missing identifier or hash there fails, as a wrong one does.
 */
export function checkIdentity(
  inbox: { hmac_token: string | null; hmac_mandatory: boolean },
  input: { identifier?: string | null; identifier_hash?: string | null },
): IdentityVerdict {
  const hash = input.identifier_hash?.trim() || null;
  if (!hash && !inbox.hmac_mandatory) return { kind: 'unchecked' };
  const identifier = input.identifier?.trim() || null;
  if (!hash || !identifier || !inbox.hmac_token) return { kind: 'failed' };
  const expected = Buffer.from(identifierHash(inbox.hmac_token, identifier));
  const given = Buffer.from(hash.toLowerCase());
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { kind: 'failed' };
  return { kind: 'proven', identifier };
}
