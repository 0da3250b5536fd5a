import { Readable } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer';
import { simpleParser } from 'mailparser';
import type { SendRequest } from '../../port/outgoing-message';
import type { EmailChannelSettings } from '../email-settings';
import { composeEmail } from './email-composer';
import { conversationOfMessageId } from './email-message-id';

const CONVERSATION = '2b1d1f4e-1111-4222-8333-444455556666';

function request(
  overrides: Partial<SendRequest<EmailChannelSettings>['thread']> = {},
  content = 'Hello **Bob**,\n\nsee <b>this</b>: https://acme.test/x',
): SendRequest<EmailChannelSettings> {
  return {
    message: {
      id: 42,
      content,
      senderName: 'Ann',
      attachments: [
        {
          filename: 'invoice.pdf',
          contentType: 'application/pdf',
          open: () => Readable.from([Buffer.from('%PDF-1.4 fake')]),
        },
      ],
    },
    thread: {
      conversationUuid: CONVERSATION,
      subject: 'Order #12',
      inReplyTo: 'abc@mail.example.net',
      references: ['root@mail.example.net', 'abc@mail.example.net'],
      ...overrides,
    },
    contact: { address: 'bob@example.net', name: 'Bob Stone' },
    inbox: { id: 1, name: 'Support', settings: { email: 'help@acme.test' } },
  };
}

async function rendered(req: SendRequest<EmailChannelSettings>, inboundDomain: string | null = 'in.parley.test') {
  const composed = await composeEmail(req, { inboundDomain, maxInboundBytes: 1_000_000 });
  const raw = await new MailComposer(composed.mail).compile().build();
  return { composed, mail: await simpleParser(raw), raw: raw.toString('utf8') };
}

describe('composeEmail', () => {
  it('writes the headers decisions.md asks for', async () => {
    const { composed, mail } = await rendered(request());
    expect(composed.messageId).toBe(`conversation.${CONVERSATION}.message.42@in.parley.test`);
    expect(mail.messageId).toBe(`<${composed.messageId}>`);
    expect(mail.from?.value).toEqual([{ address: 'help@acme.test', name: 'Ann via Support' }]);
    expect(mail.to).toMatchObject({ value: [{ address: 'bob@example.net', name: 'Bob Stone' }] });
    expect(mail.subject).toBe('Re: Order #12');
    expect(mail.inReplyTo).toBe('<abc@mail.example.net>');
    expect(mail.references).toEqual(['<root@mail.example.net>', '<abc@mail.example.net>']);
    expect(mail.replyTo?.value).toEqual([{ address: `reply+${CONVERSATION}@in.parley.test`, name: '' }]);
    expect(conversationOfMessageId(mail.messageId!)).toBe(CONVERSATION);
  });

  it('sends the Markdown as text and as HTML, raw HTML escaped', async () => {
    const { mail } = await rendered(request());
    expect(mail.text?.trim()).toBe('Hello **Bob**,\n\nsee <b>this</b>: https://acme.test/x');
    expect(mail.html).toContain('<strong>Bob</strong>');
    expect(mail.html).toContain('&lt;b&gt;this&lt;/b&gt;');
    expect(mail.html).toContain('<a href="https://acme.test/x">');
  });

  it('attaches the streamed files', async () => {
    const { mail } = await rendered(request());
    expect(mail.attachments.map((part) => [part.filename, part.contentType, part.content.toString()])).toEqual([
      ['invoice.pdf', 'application/pdf', '%PDF-1.4 fake'],
    ]);
  });

  it('gives the same Message-ID on every attempt', async () => {
    const first = await composeEmail(request(), { inboundDomain: null, maxInboundBytes: 1 });
    const second = await composeEmail(request(), { inboundDomain: null, maxInboundBytes: 1 });
    expect(first.messageId).toBe(second.messageId);
    expect(first.messageId).toBe(`conversation.${CONVERSATION}.message.42@acme.test`);
  });

  it('leaves out Reply-To without an inbound domain, and "Re:" for an e-mail that answers nothing', async () => {
    const { mail } = await rendered(
      request({ inReplyTo: null, references: [], subject: null }, 'Your invoice is ready\nDetails inside.'),
      null,
    );
    expect(mail.replyTo).toBeUndefined();
    expect(mail.inReplyTo).toBeUndefined();
    expect(mail.references).toBeUndefined();
    expect(mail.subject).toBe('Your invoice is ready');
  });

  it('does not stack "Re:" on a subject that has one', async () => {
    const { mail } = await rendered(request({ subject: 'RE: Order #12' }));
    expect(mail.subject).toBe('RE: Order #12');
  });

  it('closes the streams already open when another attachment cannot be opened', async () => {
    const opened = Readable.from([Buffer.from('a')]);
    const req = request();
    req.message.attachments = [
      { filename: 'a.txt', contentType: 'text/plain', open: () => opened },
      { filename: 'b.txt', contentType: 'text/plain', open: () => Promise.reject(new Error('storage down')) },
    ];
    await expect(composeEmail(req, { maxInboundBytes: 1 })).rejects.toThrow('storage down');
    expect(opened.destroyed).toBe(true);
  });
});
