import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { createTestCertificates } from '@parley/testing';
import { parseInboundEmail } from '../inbound/inbound-email-parser';
import { InboundSmtpListener, type InboundSmtpListenerOptions, type ReceivedEmail } from './inbound-smtp-listener';

const KNOWN = ['help@acme.test', 'reply+2b1d1f4e-1111-4222-8333-444455556666@in.parley.test'];

describe('InboundSmtpListener (driven by nodemailer over SMTP)', () => {
  let listener: InboundSmtpListener;
  let port: number;
  let received: ReceivedEmail[];
  let store: (email: ReceivedEmail) => Promise<void>;

  async function start(options: Partial<InboundSmtpListenerOptions> = {}): Promise<void> {
    received = [];
    store = async (email) => {
      received.push(email);
    };
    listener = new InboundSmtpListener({
      acceptsRecipient: (address) => KNOWN.includes(address),
      onEmail: (email) => store(email),
      maxMessageBytes: 64 * 1024,
      ...options,
    });
    port = await listener.listen(0, '127.0.0.1');
  }

  const send = (mail: { to: string | string[]; text: string }, extra: object = {}) =>
    createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, ...extra }).sendMail({
      from: 'Bob <bob@example.net>',
      subject: 'Hello',
      ...mail,
    });

  afterEach(async () => listener.close());

  it('accepts mail for a recipient Parley serves and hands it over whole', async () => {
    await start();
    const info = await send({ to: 'Help@Acme.test', text: 'My order has not arrived.' });
    expect(info.response).toMatch(/^250/);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      mailFrom: 'bob@example.net',
      recipients: ['help@acme.test'],
      remoteAddress: '127.0.0.1',
    });
    const message = await parseInboundEmail(received[0].raw, { maxBytes: 64 * 1024 });
    expect(message).toMatchObject({
      sender: { identity: 'bob@example.net', name: 'Bob' },
      content: 'My order has not arrived.',
    });
  });

  it('refuses an unknown recipient with 550 and stores nothing (never an open relay)', async () => {
    await start();
    await expect(send({ to: 'someone@elsewhere.test', text: 'relay me' })).rejects.toMatchObject({ responseCode: 550 });
    expect(received).toEqual([]);
  });

  it('delivers to the recipients it serves and refuses the others', async () => {
    await start();
    const info = await send({ to: [KNOWN[1], 'stranger@acme.test'], text: 'hi' });
    expect(info.rejected).toEqual(['stranger@acme.test']);
    expect(received.map((email) => email.recipients)).toEqual([[KNOWN[1]]]);
  });

  it('refuses a message over the size limit with 552', async () => {
    await start({ maxMessageBytes: 2048 });
    await expect(send({ to: 'help@acme.test', text: 'x'.repeat(10_000) })).rejects.toMatchObject({ responseCode: 552 });
    expect(received).toEqual([]);
  });

  it('answers 451 when the mail cannot be stored, so the sender retries', async () => {
    const errors: Error[] = [];
    await start({ onError: (error) => errors.push(error) });
    store = () => Promise.reject(new Error('database down'));
    await expect(send({ to: 'help@acme.test', text: 'hi' })).rejects.toMatchObject({ responseCode: 451 });
    expect(errors.map((error) => error.message)).toEqual(['database down']);
  });

  it('answers 451 when the recipient check fails', async () => {
    await start({ acceptsRecipient: () => Promise.reject(new Error('lookup failed')) });
    await expect(send({ to: 'help@acme.test', text: 'hi' })).rejects.toMatchObject({ responseCode: 451 });
  });

  it('offers STARTTLS with a configured certificate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-smtp-tls-'));
    try {
      const certificates = createTestCertificates(dir);
      await start({ tls: { key: certificates.key, cert: certificates.cert } });
      await send(
        { to: 'help@acme.test', text: 'over TLS' },
        { ignoreTLS: false, requireTLS: true, tls: { ca: readFileSync(certificates.caCertPath) } },
      );
      expect(received).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
