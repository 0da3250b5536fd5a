import { WEBHOOK_HEADERS } from '@parley/contracts';
import { toUnixSeconds } from '@parley/service-kit';
import { createHmac } from 'node:crypto';

/** `sha256=<hex>` of HMAC-SHA256 with the secret over `"<timestamp>.<raw body>"`. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The headers of one attempt; the timestamp is taken at send time, so each attempt is signed afresh. */
export function signedHeaders(input: {
  secret: string;
  event: string;
  deliveryId: string;
  body: string;
  now?: Date;
}): Record<string, string> {
  const timestamp = toUnixSeconds(input.now ?? new Date());
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'Parley-Webhooks/1',
    [WEBHOOK_HEADERS.event]: input.event,
    [WEBHOOK_HEADERS.delivery]: input.deliveryId,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: signatureOf(input.secret, timestamp, input.body),
  };
}
