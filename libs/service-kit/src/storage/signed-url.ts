import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedFileRef {
  key: string;
  contentType: string;
  expires: number;
}

function signature(ref: SignedFileRef, secret: string): string {
  return createHmac('sha256', secret).update(`${ref.key}\n${ref.contentType}\n${ref.expires}`).digest('hex');
}

/** `<base>/attachments/<key>?type=…&expires=…&signature=…`: anyone with the link may read until it expires. */
export function signedFileUrl(
  baseUrl: string,
  ref: Omit<SignedFileRef, 'expires'>,
  secret: string,
  ttlSeconds: number,
  now = Date.now(),
): string {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  const query = new URLSearchParams({
    type: ref.contentType,
    expires: String(expires),
    signature: signature({ ...ref, expires }, secret),
  });
  return `${baseUrl}/attachments/${ref.key}?${query.toString()}`;
}

/** True when the link was signed with `secret` and has not expired. */
export function verifyFileSignature(ref: SignedFileRef, given: string, secret: string, now = Date.now()): boolean {
  if (!Number.isInteger(ref.expires) || ref.expires * 1000 < now) return false;
  const expected = Buffer.from(signature(ref, secret), 'hex');
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
