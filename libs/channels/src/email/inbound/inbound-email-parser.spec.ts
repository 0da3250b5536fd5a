import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import { parseInboundEmail, UnusableEmailError } from './inbound-email-parser';

const CONVERSATION = '2b1d1f4e-1111-4222-8333-444455556666';
const SENT_ID = `conversation.${CONVERSATION}.message.42@in.parley.test`;
const options = { maxBytes: 1_000_000, inboundDomain: 'in.parley.test' };

const compose = (mail: Mail.Options) => new MailComposer(mail).compile().build();

const reply = (extra: Mail.Options = {}) =>
  compose({
    from: 'Bob Stone <Bob@Example.net>',
    to: `Support <reply+${CONVERSATION}@in.parley.test>`,
    cc: 'carol@example.net',
    subject: 'Re: Order #12',
    messageId: '<reply-1@mail.example.net>',
    inReplyTo: `<${SENT_ID}>`,
    references: ['<root@mail.example.net>', `<${SENT_ID}>`],
    text: 'It arrived, thanks!\n\nOn Tue, 24 Nov 2026 at 09:00, Ann via Support <help@acme.test> wrote:\n> Your parcel left today.\n',
    html: '<p onclick="steal()">It arrived, <b>thanks</b>!</p><script>steal()</script><a href="javascript:steal()">x</a><img src="cid:logo"><blockquote>Your parcel left today.</blockquote>',
    attachments: [{ filename: 'photo.png', contentType: 'image/png', content: Buffer.from('png-bytes'), cid: 'logo' }],
    ...extra,
  });

const DSN = [
  'From: Mail Delivery System <MAILER-DAEMON@mx.example.net>',
  'To: help@acme.test',
  'Subject: Undelivered Mail Returned to Sender',
  'Message-ID: <bounce-1@mx.example.net>',
  'Auto-Submitted: auto-replied',
  'MIME-Version: 1.0',
  'Content-Type: multipart/report; report-type=delivery-status; boundary="B1"',
  '',
  '--B1',
  'Content-Type: text/plain; charset=us-ascii',
  '',
  'Your message could not be delivered.',
  '',
  '--B1',
  'Content-Type: message/delivery-status',
  '',
  'Reporting-MTA: dns; mx.example.net',
  '',
  'Final-Recipient: rfc822; nobody@example.net',
  'Action: ACTION',
  'Status: 5.1.1',
  'Diagnostic-Code: smtp; 550 5.1.1 <nobody@example.net>: Recipient address',
  '    rejected: User unknown',
  '',
  '--B1',
  'Content-Type: message/rfc822',
  '',
  'From: Ann via Support <help@acme.test>',
  'To: nobody@example.net',
  'Subject: Re: Order',
  `Message-ID: <${SENT_ID}>`,
  '',
  'The original text.',
  '--B1--',
  '',
].join('\r\n');

describe('parseInboundEmail', () => {
  it('reads a reply: sender, new text, full text and sanitised HTML, threading keys', async () => {
    const message = await parseInboundEmail(await reply(), options);
    expect(message.kind).toBe('message');
    expect(message.sourceId).toBe('reply-1@mail.example.net');
    expect(message.sender).toEqual({ identity: 'bob@example.net', name: 'Bob Stone' });
    expect(message.content).toBe('It arrived, thanks!');
    expect(message.threading).toEqual({
      repliesTo: [SENT_ID, 'root@mail.example.net'],
      conversationUuid: CONVERSATION,
    });
    expect(message.statusChange).toBeNull();
    const email = message.contentAttributes['email'] as Record<string, unknown>;
    expect(email).toMatchObject({
      from: ['bob@example.net'],
      to: [`reply+${CONVERSATION}@in.parley.test`],
      cc: ['carol@example.net'],
      subject: 'Re: Order #12',
      in_reply_to: SENT_ID,
    });
    expect(email['text_content']).toContain('> Your parcel left today.');
    const html = email['html_content'] as string;
    expect(html).toContain('It arrived, <b>thanks</b>!');
    expect(html).toContain('<img src="cid:logo" />');
    expect(html).not.toMatch(/script|onclick|javascript/);
  });

  it('keeps attachments with their name, type, size and Content-ID', async () => {
    const message = await parseInboundEmail(await reply(), options);
    expect(message.attachments).toEqual([
      {
        filename: 'photo.png',
        contentType: 'image/png',
        size: 9,
        content: Buffer.from('png-bytes'),
        contentId: 'logo',
      },
    ]);
  });

  it('finds the reply+ address among the envelope recipients, at the inbound domain only', async () => {
    const forwarded = await reply({ to: 'help@acme.test', inReplyTo: undefined, references: undefined });
    expect(
      (await parseInboundEmail(forwarded, { ...options, recipients: [`reply+${CONVERSATION}@in.parley.test`] }))
        .threading.conversationUuid,
    ).toBe(CONVERSATION);
    expect(
      (await parseInboundEmail(forwarded, { ...options, recipients: [`reply+${CONVERSATION}@elsewhere.test`] }))
        .threading.conversationUuid,
    ).toBeNull();
    expect((await parseInboundEmail(forwarded, options)).threading).toEqual({ repliesTo: [], conversationUuid: null });
  });

  it('names a mail without Message-ID by its bytes, the same each time', async () => {
    const raw = Buffer.from('From: bob@example.net\r\nTo: help@acme.test\r\nSubject: hi\r\n\r\nHello\r\n');
    const first = await parseInboundEmail(raw, options);
    expect(first.sourceId).toMatch(/^sha256\.[0-9a-f]{64}@parley\.invalid$/);
    expect((await parseInboundEmail(raw, options)).sourceId).toBe(first.sourceId);
    expect(first.content).toBe('Hello');
    expect(first.contentAttributes['email']).toMatchObject({ html_content: null, in_reply_to: null, cc: [] });
  });

  it('reads a bounce: the message it names fails with the remote reason', async () => {
    const message = await parseInboundEmail(Buffer.from(DSN.replace('ACTION', 'failed')), options);
    expect(message.kind).toBe('bounce');
    expect(message.statusChange).toEqual({
      providerMessageId: SENT_ID,
      status: 'failed',
      error: '550 5.1.1 <nobody@example.net>: Recipient address rejected: User unknown',
    });
    expect(message.attachments).toEqual([]);
  });

  it('reads the original headers of a bounce given as text/rfc822-headers', async () => {
    const message = await parseInboundEmail(
      Buffer.from(
        DSN.replace('ACTION', 'failed').replace('Content-Type: message/rfc822', 'Content-Type: text/rfc822-headers'),
      ),
      options,
    );
    expect(message.statusChange?.providerMessageId).toBe(SENT_ID);
  });

  it('takes a "delayed" report as news that changes nothing', async () => {
    const message = await parseInboundEmail(Buffer.from(DSN.replace('ACTION', 'delayed')), options);
    expect(message).toMatchObject({ kind: 'auto_reply', statusChange: null });
  });

  it('takes a non-standard bounce (X-Failed-Recipients) as a bounce naming nothing', async () => {
    const message = await parseInboundEmail(
      await compose({
        from: 'postmaster@mx.example.net',
        to: 'help@acme.test',
        subject: 'failure',
        text: 'x',
        headers: { 'X-Failed-Recipients': 'nobody@example.net' },
      }),
      options,
    );
    expect(message).toMatchObject({ kind: 'bounce', statusChange: null });
  });

  it.each([
    ['Auto-Submitted', 'auto-replied', 'auto_reply'],
    ['Auto-Submitted', 'auto-generated', 'auto_reply'],
    ['Auto-Submitted', 'no', 'message'],
    ['X-Autoreply', 'yes', 'auto_reply'],
    ['Precedence', 'auto_reply', 'auto_reply'],
    ['Precedence', 'bulk', 'message'],
  ])('%s: %s → %s', async (header, value, kind) => {
    const raw = await compose({
      from: 'bob@example.net',
      to: 'help@acme.test',
      subject: 'Out of office',
      text: 'I am away.',
      headers: { [header]: value },
    });
    expect((await parseInboundEmail(raw, options)).kind).toBe(kind);
  });

  it('refuses a mail over the size limit and one from no address', async () => {
    const raw = await reply();
    await expect(parseInboundEmail(raw, { maxBytes: raw.length - 1 })).rejects.toThrow(UnusableEmailError);
    await expect(
      parseInboundEmail(Buffer.from('To: help@acme.test\r\nSubject: x\r\n\r\nbody'), options),
    ).rejects.toThrow('without a sender');
  });
});
