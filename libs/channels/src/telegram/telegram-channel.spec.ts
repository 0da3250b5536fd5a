import { LocalProvider, type LocalRequest } from '@parley/testing';
import type { SendRequest } from '../port/outgoing-message';
import { TelegramChannel } from './telegram-channel';
import { telegramSecretToken, type TelegramChannelSettings } from './telegram-settings';

describe('TelegramChannel', () => {
  let provider: LocalProvider;
  let next: (request: LocalRequest) => { status: number; body: unknown };
  let channel: TelegramChannel;
  const settings: TelegramChannelSettings = { bot_token: '42:abc' };
  const request = (
    message: Partial<SendRequest<TelegramChannelSettings>['message']>,
  ): SendRequest<TelegramChannelSettings> => ({
    message: { id: 1, content: 'hi', senderName: null, attachments: [], ...message },
    thread: { conversationUuid: 'u', subject: null, inReplyTo: null, references: [] },
    contact: { address: '777', name: null },
    inbox: { id: 1, name: 'Bot', settings },
  });

  beforeAll(async () => {
    provider = await LocalProvider.start((incoming) => next(incoming));
    channel = new TelegramChannel({ apiRoot: provider.url, maxMediaBytes: 1024 });
  });
  afterAll(() => provider.stop());
  beforeEach(() => {
    provider.requests.length = 0;
    next = () => ({ status: 200, body: { ok: true, result: { message_id: 5, chat: { id: 777 }, date: 1 } } });
  });

  it('sends through grammY at the configured API root, an inline keyboard for input_select', async () => {
    const outcome = await channel.send(
      request({ contentType: 'input_select', contentAttributes: { items: [{ title: 'A', value: 'a' }] } }),
    );
    expect(outcome).toEqual({ outcome: 'sent', providerMessageId: '777:5' });
    expect(provider.requests[0].url).toBe('/bot42:abc/sendMessage');
    expect(JSON.parse(provider.requests[0].body.toString())).toMatchObject({
      chat_id: '777',
      text: 'hi',
      reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] },
    });
  });

  it('reads 429 with retry_after as transient and other refusals as permanent', async () => {
    next = () => ({
      status: 429,
      body: { ok: false, error_code: 429, description: 'Too Many Requests', parameters: { retry_after: 3 } },
    });
    expect(await channel.send(request({}))).toEqual({
      outcome: 'transient',
      error: '429: Too Many Requests',
      retryAfterMs: 3000,
    });
    next = () => ({ status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: chat not found' } });
    expect(await channel.send(request({}))).toEqual({
      outcome: 'permanent',
      externalError: '400: Bad Request: chat not found',
    });
  });

  it('accepts only updates carrying the secret token derived from the bot token', () => {
    const body = Buffer.from('{}');
    expect(
      channel.verify({ body, headers: { 'x-telegram-bot-api-secret-token': telegramSecretToken('42:abc') } }, settings),
    ).toEqual({ verified: true });
    expect(channel.verify({ body, headers: { 'x-telegram-bot-api-secret-token': 'other' } }, settings)).toMatchObject({
      verified: false,
    });
    expect(telegramSecretToken('42:abc')).toMatch(/^[A-Za-z0-9_-]{1,256}$/);
  });

  it('parses a photo (largest size, fetched with getFile) and names the message by chat and id', async () => {
    next = (incoming) =>
      incoming.url.includes('/file/')
        ? { status: 200, body: Buffer.from('jpeg') }
        : {
            status: 200,
            body: { ok: true, result: { file_id: 'big', file_unique_id: 'big', file_path: 'photos/1.jpg' } },
          };
    const update = {
      update_id: 1,
      message: {
        message_id: 9,
        date: 1,
        chat: { id: 777, type: 'private' },
        from: { id: 777, is_bot: false, first_name: 'Ida', last_name: 'Lee' },
        caption: 'see',
        photo: [
          { file_id: 'small', file_unique_id: 's', width: 1, height: 1 },
          { file_id: 'big', file_unique_id: 'big', width: 9, height: 9 },
        ],
      },
    };
    const [message] = await channel.parse({ body: Buffer.from(JSON.stringify(update)), headers: {} }, settings);
    expect(message).toMatchObject({
      sourceId: '777:9',
      sender: { identity: '777', name: 'Ida Lee' },
      content: 'see',
      attachments: [{ size: 4 }],
    });
    expect(JSON.parse(provider.requests[0].body.toString())).toEqual({ file_id: 'big' });
    expect(provider.requests[1].url).toBe('/file/bot42:abc/photos/1.jpg');
  });
});
