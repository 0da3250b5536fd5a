import { LocalProvider, type LocalRequest } from '@parley/testing';
import { createHmac } from 'node:crypto';
import type { SendRequest } from '../port/outgoing-message';
import { TwilioChannel } from './twilio-channel';
import type { TwilioChannelSettings } from './twilio-settings';

describe('TwilioChannel', () => {
  let provider: LocalProvider;
  let next: (request: LocalRequest) => { status: number; body: unknown };
  let channel: TwilioChannel;
  const settings: TwilioChannelSettings = {
    account_sid: 'AC1',
    auth_token: 'tok',
    phone_number: '+15550000',
    inbound_webhook_url: 'https://parley.test/webhooks/twilio/abc',
  };
  const request: SendRequest<TwilioChannelSettings> = {
    message: { id: 1, content: 'hello', senderName: null, attachments: [] },
    thread: { conversationUuid: 'u', subject: null, inReplyTo: null, references: [] },
    contact: { address: '+15559999', name: null },
    inbox: { id: 1, name: 'SMS', settings },
  };

  beforeAll(async () => {
    provider = await LocalProvider.start((incoming) => next(incoming));
    channel = new TwilioChannel({ apiBaseUrl: provider.url, maxMediaBytes: 1024 });
  });
  afterAll(() => provider.stop());
  beforeEach(() => {
    provider.requests.length = 0;
    next = () => ({ status: 201, body: { sid: 'SM1', status: 'queued' } });
  });

  it('posts the form to Messages.json with Basic auth and the StatusCallback', async () => {
    expect(await channel.send(request)).toEqual({ outcome: 'sent', providerMessageId: 'SM1' });
    const [sent] = provider.requests;
    expect(sent.url).toBe('/2010-04-01/Accounts/AC1/Messages.json');
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from('AC1:tok').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(sent.body.toString()))).toEqual({
      To: '+15559999',
      Body: 'hello',
      From: '+15550000',
      StatusCallback: settings.inbound_webhook_url,
    });
  });

  it('finds a send whose answer was lost among the Messages listed to the contact since the attempt', async () => {
    const since = new Date('2026-11-26T10:00:00Z');
    const listed = (sid: string, body: string, at: string, direction = 'outbound-api') => ({
      sid,
      body,
      direction,
      date_created: new Date(at).toUTCString(),
    });
    next = () => ({
      status: 200,
      body: {
        messages: [
          listed('SM4', 'hello', '2026-11-26T10:00:06Z'),
          listed('SM3', 'hello', '2026-11-26T10:00:05Z', 'inbound'),
          listed('SM2', 'other', '2026-11-26T10:00:04Z'),
          listed('SM1', 'hello', '2026-11-26T10:00:03Z'),
          listed('SM0', 'hello', '2026-11-25T10:00:00Z'),
        ],
      },
    });
    // The same text sent twice since the attempt: both, oldest first (the caller skips one already recorded).
    expect(await channel.findSent(request, since)).toEqual(['SM1', 'SM4']);
    const [asked] = provider.requests;
    expect(asked.method).toBe('GET');
    expect(Object.fromEntries(new URL(asked.url, 'https://x').searchParams)).toEqual({
      To: '+15559999',
      From: '+15550000',
      PageSize: '100',
    });
    next = () => ({ status: 200, body: { messages: [listed('SM0', 'hello', '2026-11-25T10:00:00Z')] } });
    expect(await channel.findSent(request, since)).toEqual([]);
    next = () => ({ status: 503, body: { code: 20503, message: 'Service Unavailable' } });
    await expect(channel.findSent(request, since)).rejects.toThrow(/20503/);
  });

  it('classifies 5xx as transient and 4xx as permanent with the code', async () => {
    next = () => ({ status: 503, body: { code: 20503, message: 'Service Unavailable' } });
    expect(await channel.send(request)).toMatchObject({ outcome: 'transient', error: '20503: Service Unavailable' });
    next = () => ({ status: 400, body: { code: 21211, message: 'Invalid To' } });
    expect(await channel.send(request)).toEqual({ outcome: 'permanent', externalError: '21211: Invalid To' });
  });

  it('checks X-Twilio-Signature with the official validator (URL + sorted fields, HMAC-SHA1)', () => {
    const url = settings.inbound_webhook_url!;
    const fields = { MessageSid: 'SM2', Body: 'hi', From: '+1' };
    const data = Object.keys(fields)
      .sort()
      .reduce((text, key) => text + key + fields[key as keyof typeof fields], url);
    const signature = createHmac('sha1', 'tok').update(data).digest('base64');
    const body = Buffer.from(new URLSearchParams(fields).toString());
    expect(channel.verify({ body, headers: { 'x-twilio-signature': signature }, url }, settings)).toEqual({
      verified: true,
    });
    expect(
      channel.verify({ body, headers: { 'x-twilio-signature': signature }, url: `${url}?x=1` }, settings),
    ).toMatchObject({ verified: false });
  });

  it('maps status callbacks (undelivered → failed with its code) and ignores interim statuses', async () => {
    const parse = (fields: Record<string, string>) =>
      channel.parse({ body: Buffer.from(new URLSearchParams(fields).toString()), headers: {} }, settings);
    expect(
      (
        await parse({
          MessageSid: 'SM1',
          MessageStatus: 'undelivered',
          ErrorCode: '30003',
          ErrorMessage: 'Unreachable',
        })
      )[0].statusChange,
    ).toEqual({
      providerMessageId: 'SM1',
      status: 'failed',
      error: '30003: Unreachable',
    });
    expect(await parse({ MessageSid: 'SM1', MessageStatus: 'sending' })).toEqual([]);
  });
});
