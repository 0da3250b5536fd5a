import { createHmac, timingSafeEqual } from 'node:crypto';
import type { InboundDelivery, InboundVerdict } from '../port/inbound-message';

/** The one header value of a delivery (Node may give an array for a repeated header). */
export function headerOf(delivery: InboundDelivery, name: string): string | undefined {
  const value = delivery.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Compares in constant time; strings of different lengths are simply unequal. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Meta's `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body, keyed with the App
 * Secret>` (WhatsApp Cloud, Messenger, Instagram).
 */
export function verifyMetaSignature(delivery: InboundDelivery, appSecret: string | null | undefined): InboundVerdict {
  if (!appSecret) return { verified: false, reason: 'the inbox has no app_secret to check signatures with' };
  const header = headerOf(delivery, 'x-hub-signature-256');
  if (!header) return { verified: false, reason: 'X-Hub-Signature-256 is missing' };
  const expected = `sha256=${createHmac('sha256', appSecret).update(delivery.body).digest('hex')}`;
  return sameSecret(header.trim().toLowerCase(), expected)
    ? { verified: true }
    : { verified: false, reason: 'X-Hub-Signature-256 does not match the body' };
}
