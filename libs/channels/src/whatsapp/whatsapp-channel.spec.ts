import { LocalProvider, type LocalRequest } from '@parley/testing';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { SendRequest } from '../port/outgoing-message';
import { WhatsAppChannel } from './whatsapp-channel';
import type { WhatsAppChannelSettings } from './whatsapp-settings';

describe('WhatsAppChannel', () => {
  let provider: LocalProvider;
  let next: (request: LocalRequest) => { status: number; body: unknown; headers?: Record<string, string> };
  let channel: WhatsAppChannel;
  const settings: WhatsAppChannelSettings = {
    provider_config: { api_key: 'token', phone_number_id: '123', app_secret: 'secret' },
  };

  beforeAll(async () => {
    provider = await LocalProvider.start((request) => next(request));
    channel = new WhatsAppChannel({ graph: { baseUrl: provider.url, version: 'v21.0' }, maxMediaBytes: 1024 });
  });
  afterAll(() => provider.stop());
  beforeEach(() => {
    provider.requests.length = 0;
    next = () => ({ status: 200, body: { messages: [{ id: 'wamid.1' }] } });
  });

  const request = (
    message: Partial<SendRequest<WhatsAppChannelSettings>['message']>,
  ): SendRequest<WhatsAppChannelSettings> => ({
    message: { id: 1, content: 'hi', senderName: 'Ann', attachments: [], ...message },
    thread: { conversationUuid: 'u', subject: null, inReplyTo: null, references: [] },
    contact: { address: '15550001', name: null },
    inbox: { id: 1, name: 'WA', settings },
  });

  it('posts text with the bearer token and returns the wamid', async () => {
    expect(await channel.send(request({}))).toEqual({ outcome: 'sent', providerMessageId: 'wamid.1' });
    const [sent] = provider.requests;
    expect(sent.url).toBe('/v21.0/123/messages');
    expect(sent.headers.authorization).toBe('Bearer token');
    expect(JSON.parse(sent.body.toString())).toMatchObject({
      messaging_product: 'whatsapp',
      to: '15550001',
      type: 'text',
      text: { body: 'hi' },
      // Handed back in every status webhook: a receipt names the message even when this answer is lost.
      biz_opaque_callback_data: 'parley:message:1',
    });
  });

  it('says when a send may have reached the provider without an answer (and when it never left)', async () => {
    const channelAt = (port: number) =>
      new WhatsAppChannel({ graph: { baseUrl: `http://127.0.0.1:${port}`, version: 'v21.0' }, maxMediaBytes: 1 });
    // A server that reads the request and drops the connection: it may have acted on it.
    const dropping = createServer((incoming) => incoming.on('data', () => incoming.socket.destroy()));
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    const port = (dropping.address() as AddressInfo).port;
    expect(await channelAt(port).send(request({}))).toMatchObject({ outcome: 'transient', maybeDelivered: true });
    await new Promise((resolve) => dropping.close(resolve));
    // Nobody listens there any more: the connection is refused, nothing left.
    expect(await channelAt(port).send(request({}))).toMatchObject({ outcome: 'transient', maybeDelivered: false });
  });

  it('uploads a file first and sends it by id with the text as caption', async () => {
    next = (incoming) => ({
      status: 200,
      body: incoming.url.endsWith('/media') ? { id: 'media-9' } : { messages: [{ id: 'wamid.2' }] },
    });
    const attachment = {
      filename: 'a.pdf',
      contentType: 'application/pdf',
      open: () => Readable.from([Buffer.from('pdf')]),
    };
    expect(await channel.send(request({ attachments: [attachment] }))).toEqual({
      outcome: 'sent',
      providerMessageId: 'wamid.2',
    });
    expect(provider.requests[0].headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(JSON.parse(provider.requests[1].body.toString())).toMatchObject({
      type: 'document',
      document: { id: 'media-9', caption: 'hi', filename: 'a.pdf' },
    });
  });

  it('classifies 429 and throttling codes as transient, other refusals as permanent with code and text', async () => {
    next = () => ({
      status: 429,
      body: { error: { code: 130429, message: 'Rate limit hit' } },
      headers: { 'retry-after': '7' },
    });
    expect(await channel.send(request({}))).toEqual({
      outcome: 'transient',
      error: '130429: Rate limit hit',
      retryAfterMs: 7000,
    });
    next = () => ({ status: 400, body: { error: { code: 131047, message: 'Re-engagement message' } } });
    expect(await channel.send(request({}))).toEqual({
      outcome: 'permanent',
      externalError: '131047: Re-engagement message',
    });
    next = () => ({ status: 400, body: { error: { code: 80007, message: 'Rate limit issues' } } });
    expect(await channel.send(request({}))).toMatchObject({ outcome: 'transient' });
  });

  it('refuses text over 4096 characters without calling', async () => {
    expect(await channel.send(request({ content: 'x'.repeat(4097) }))).toMatchObject({ outcome: 'permanent' });
    expect(provider.requests).toHaveLength(0);
  });

  it('verifies X-Hub-Signature-256 over the raw body', () => {
    const body = Buffer.from('{"entry":[]}');
    const signature = `sha256=${createHmac('sha256', 'secret').update(body).digest('hex')}`;
    expect(channel.verify({ body, headers: { 'x-hub-signature-256': signature } }, settings)).toEqual({
      verified: true,
    });
    expect(
      channel.verify({ body: Buffer.from('{"entry":[1]}'), headers: { 'x-hub-signature-256': signature } }, settings),
    ).toMatchObject({ verified: false });
    expect(channel.verify({ body, headers: {} }, settings)).toMatchObject({ verified: false });
  });

  it('parses every status and message of a webhook, fetching media with the token', async () => {
    next = (incoming) =>
      incoming.url.startsWith('/file')
        ? { status: 200, body: Buffer.from('img') }
        : { status: 200, body: { url: `${provider.url}/file/7`, mime_type: 'image/jpeg' } };
    const webhook = {
      entry: [
        {
          changes: [
            {
              value: {
                contacts: [{ wa_id: '155', profile: { name: 'Al' } }],
                statuses: [
                  { id: 'wamid.a', status: 'delivered', biz_opaque_callback_data: 'parley:message:41' },
                  { id: 'wamid.b', status: 'failed', errors: [{ code: 131026, title: 'Message undeliverable' }] },
                ],
                messages: [
                  { from: '155', id: 'wamid.c', type: 'image', image: { id: '7', mime_type: 'image/jpeg' } },
                  {
                    from: '155',
                    id: 'wamid.d',
                    type: 'interactive',
                    interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Yes' } },
                  },
                  { from: '155', id: 'wamid.e', type: 'unsupported' },
                ],
              },
            },
          ],
        },
      ],
    };
    const parsed = await channel.parse({ body: Buffer.from(JSON.stringify(webhook)), headers: {} }, settings);
    expect(parsed.map((item) => item.statusChange)).toEqual([
      { providerMessageId: 'wamid.a', status: 'delivered', error: null, sentMessageId: 41 },
      { providerMessageId: 'wamid.b', status: 'failed', error: '131026: Message undeliverable' },
      null,
      null,
      null,
    ]);
    expect(parsed[2]).toMatchObject({
      sender: { identity: '155', name: 'Al' },
      attachments: [{ contentType: 'image/jpeg', size: 3 }],
    });
    expect(provider.requests.every((item) => item.headers.authorization === 'Bearer token')).toBe(true);
    expect(parsed[3]).toMatchObject({
      content: 'Yes',
      contentAttributes: { submitted_values: [{ title: 'Yes', value: 'yes' }] },
    });
    expect(parsed[4]).toMatchObject({ content: null, contentAttributes: { unsupported_type: 'unsupported' } });
  });
});
