import { createHmac } from 'node:crypto';
import { signatureOf, signedHeaders } from './signature.rules';

describe('webhook signature', () => {
  it('is HMAC-SHA256 over "<timestamp>.<body>" in hex, prefixed sha256=', () => {
    // Computed independently: printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac secret
    expect(signatureOf('secret', 1_700_000_000, '{"a":1}')).toBe(
      'sha256=49f24e537407743fa4a0242bb63b94b9a47ee99cbbe071ccd8a22550ae411686',
    );
    expect(signatureOf('secret', 1_700_000_000, '{"a":1}')).toBe(
      `sha256=${createHmac('sha256', 'secret').update('1700000000.{"a":1}').digest('hex')}`,
    );
  });

  it('changes with the timestamp, the body and the secret', () => {
    const base = signatureOf('s', 1, 'b');
    expect(signatureOf('s', 2, 'b')).not.toBe(base);
    expect(signatureOf('s', 1, 'c')).not.toBe(base);
    expect(signatureOf('t', 1, 'b')).not.toBe(base);
  });

  it('builds the headers of one attempt with the Unix time of sending', () => {
    const headers = signedHeaders({
      secret: 'k',
      event: 'message_created',
      deliveryId: 'd-1',
      body: '{}',
      now: new Date(1_700_000_000_900),
    });
    expect(headers).toEqual({
      'Content-Type': 'application/json',
      'User-Agent': 'Parley-Webhooks/1',
      'X-Parley-Event': 'message_created',
      'X-Parley-Delivery': 'd-1',
      'X-Parley-Timestamp': '1700000000',
      'X-Parley-Signature': signatureOf('k', 1_700_000_000, '{}'),
    });
  });
});
