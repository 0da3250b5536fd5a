import { createServer, type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { simpleParser } from 'mailparser';
import { ScriptedSmtpServer, SmtpCapture, eventually } from '@parley/testing';
import type { SendRequest } from '../port/outgoing-message';
import { EmailChannel } from './email-channel';
import type { EmailChannelSettings } from './email-settings';
import { InboundSmtpListener } from './listener/inbound-smtp-listener';

const CONVERSATION = '2b1d1f4e-1111-4222-8333-444455556666';

function request(settings: Partial<EmailChannelSettings> = {}): SendRequest<EmailChannelSettings> {
  return {
    message: {
      id: 7,
      content: 'Your parcel left **today**.',
      senderName: 'Ann',
      attachments: [
        { filename: 'label.txt', contentType: 'text/plain', open: () => Readable.from([Buffer.from('tracking 123')]) },
      ],
    },
    thread: {
      conversationUuid: CONVERSATION,
      subject: 'Where is my parcel?',
      inReplyTo: 'q1@mail.example.net',
      references: ['q1@mail.example.net'],
    },
    contact: { address: 'bob@example.net', name: 'Bob' },
    inbox: { id: 1, name: 'Support', settings: { email: 'help@acme.test', ...settings } },
  };
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('EmailChannel.send against real SMTP servers', () => {
  const capture = new SmtpCapture();
  let capturePort: number;

  beforeAll(async () => {
    capturePort = await capture.start();
  });
  afterAll(async () => capture.stop());

  it("sends through the inbox's own server: one e-mail with threading, both parts and the attachment", async () => {
    const channel = new EmailChannel({ inboundDomain: 'in.parley.test', maxInboundBytes: 1_000_000 });
    const before = capture.rawMails.length;
    const outcome = await channel.send(
      request({
        smtp_enabled: true,
        smtp_address: '127.0.0.1',
        smtp_port: capturePort,
        smtp_enable_starttls_auto: false,
      }),
    );
    expect(outcome).toEqual({
      outcome: 'sent',
      providerMessageId: `conversation.${CONVERSATION}.message.7@in.parley.test`,
    });
    expect(capture.rawMails).toHaveLength(before + 1);
    const { recipients, raw } = capture.rawMails[before];
    expect(recipients).toEqual(['bob@example.net']);
    const mail = await simpleParser(raw);
    expect(mail.messageId).toBe(`<conversation.${CONVERSATION}.message.7@in.parley.test>`);
    expect(mail.inReplyTo).toBe('<q1@mail.example.net>');
    expect(mail.references).toBe('<q1@mail.example.net>');
    expect(mail.subject).toBe('Re: Where is my parcel?');
    expect(mail.replyTo?.text).toBe(`reply+${CONVERSATION}@in.parley.test`);
    expect(mail.from?.text).toBe('"Ann via Support" <help@acme.test>');
    expect(mail.text?.trim()).toBe('Your parcel left **today**.');
    expect(mail.html).toContain('<strong>today</strong>');
    expect(mail.attachments.map((part) => part.content.toString())).toEqual(['tracking 123']);
  });

  it('sends through SMTP_URL when the inbox has no server of its own', async () => {
    const channel = new EmailChannel({
      defaultSmtpUrl: `smtp://127.0.0.1:${capturePort}?ignoreTLS=true`,
      maxInboundBytes: 1_000_000,
    });
    const before = capture.rawMails.length;
    expect(await channel.send(request())).toMatchObject({ outcome: 'sent' });
    expect(capture.rawMails).toHaveLength(before + 1);
  });

  it('is not connected without a server', async () => {
    expect(await new EmailChannel({ maxInboundBytes: 1 }).send(request())).toEqual({
      outcome: 'permanent',
      externalError: 'channel not connected',
    });
  });

  it("fails permanently on a 5xx refusal, with the server's reply", async () => {
    const refusing = new InboundSmtpListener({
      acceptsRecipient: () => false,
      onEmail: async () => undefined,
      maxMessageBytes: 1_000_000,
    });
    const port = await refusing.listen(0, '127.0.0.1');
    try {
      const outcome = await new EmailChannel({ defaultSmtpUrl: `smtp://127.0.0.1:${port}`, maxInboundBytes: 1 }).send(
        request(),
      );
      expect(outcome).toEqual({
        outcome: 'permanent',
        externalError: expect.stringMatching(/^550 5\.1\.1 <bob@example\.net>: no such recipient here/),
      });
    } finally {
      await refusing.close();
    }
  });

  it('is transient on a 4xx answer and on a server that does not answer', async () => {
    const busy = new InboundSmtpListener({
      acceptsRecipient: () => true,
      onEmail: () => Promise.reject(new Error('disk full')),
      maxMessageBytes: 1_000_000,
    });
    const port = await busy.listen(0, '127.0.0.1');
    try {
      expect(
        await new EmailChannel({ defaultSmtpUrl: `smtp://127.0.0.1:${port}`, maxInboundBytes: 1 }).send(request()),
      ).toMatchObject({ outcome: 'transient', error: expect.stringMatching(/^451/) });
    } finally {
      await busy.close();
    }
    expect(
      await new EmailChannel({ defaultSmtpUrl: `smtp://127.0.0.1:${await closedPort()}`, maxInboundBytes: 1 }).send(
        request(),
      ),
    ).toMatchObject({ outcome: 'transient' });
  });

  it('is transient when an attachment cannot be read from storage', async () => {
    const req = request();
    req.message.attachments = [
      { filename: 'x', contentType: 'text/plain', open: () => Promise.reject(new Error('storage down')) },
    ];
    expect(
      await new EmailChannel({ defaultSmtpUrl: `smtp://127.0.0.1:${capturePort}`, maxInboundBytes: 1 }).send(req),
    ).toEqual({ outcome: 'transient', error: 'attachment unavailable: storage down' });
  });

  it('gives up a send that outlasts its time limit before the server answers, so the server does not take the mail', async () => {
    const server = await ScriptedSmtpServer.start();
    try {
      server.behave({ holdMs: 2000, times: 1 });
      const channel = new EmailChannel({
        inboundDomain: 'in.parley.test',
        maxInboundBytes: 1_000_000,
        sendTimeoutMs: 500,
      });
      const own = {
        smtp_enabled: true,
        smtp_address: '127.0.0.1',
        smtp_port: server.port,
        smtp_enable_starttls_auto: false,
      };
      expect(await channel.send(request(own))).toEqual({ outcome: 'transient', error: 'send timed out after 500 ms' });
      // Once the held answer is given: the client had gone, so the server did not take the mail.
      await eventually(() => expect(server.answered).toHaveLength(1), { timeoutMs: 5000 });
      expect(server.received).toHaveLength(1);
      expect(server.accepted).toHaveLength(0);
      expect(await channel.send(request(own))).toMatchObject({ outcome: 'sent' });
      expect(server.accepted).toHaveLength(1);
    } finally {
      await server.stop();
    }
  });
});

describe('EmailChannel inbound', () => {
  const channel = new EmailChannel({ inboundDomain: 'in.parley.test', maxInboundBytes: 200 });

  it('refuses an oversized mail before anything is stored, and parses the rest', async () => {
    const raw = Buffer.from(
      `From: bob@example.net\r\nTo: reply+${CONVERSATION}@in.parley.test\r\nSubject: hi\r\n\r\nHello\r\n`,
    );
    expect(channel.verify({ body: Buffer.alloc(201), headers: {} })).toEqual({
      verified: false,
      reason: 'e-mail of 201 bytes exceeds the limit of 200 bytes',
    });
    expect(channel.verify({ body: raw, headers: {} })).toEqual({ verified: true });
    expect(await channel.parse({ body: raw, headers: {} })).toMatchObject([
      { kind: 'message', content: 'Hello', threading: { conversationUuid: CONVERSATION } },
    ]);
  });
});
