import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { FakeProviderServer, type FakeAnswer, type FakeFailure } from './fake-provider-server';

interface Bot {
  token: string;
  id: number;
  webhookUrl: string | null;
  secretToken: string | null;
}

const FILE_METHODS: Record<string, string> = {
  sendPhoto: 'photo',
  sendDocument: 'document',
  sendAudio: 'audio',
  sendVideo: 'video',
  sendVoice: 'voice',
};

function refusal(status: number, description: string, retryAfter?: number): FakeAnswer {
  return {
    status,
    body: {
      ok: false,
      error_code: status,
      description,
      ...(retryAfter ? { parameters: { retry_after: retryAfter } } : {}),
    },
  };
}

/** The fields of a JSON, form or multipart body (multipart: names and text values only). */
function fieldsOf(request: IncomingMessage, body: Buffer): Record<string, unknown> {
  const type = request.headers['content-type'] ?? '';
  if (type.startsWith('application/json')) return JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
  if (type.startsWith('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(body.toString('utf8')));
  if (type.startsWith('multipart/form-data')) {
    const fields: Record<string, unknown> = {};
    for (const part of body.toString('latin1').split(/--[^\r\n]+\r\n/)) {
      const name = /name="([^"]+)"/.exec(part)?.[1];
      if (!name) continue;
      fields[name] = /filename="/.test(part) ? { file: true } : part.split('\r\n\r\n')[1]?.replace(/\r\n$/, '');
    }
    return fields;
  }
  return {};
}

/** An inline keyboard's buttons each need text and 1–64 bytes of `callback_data` (or a URL). */
function validKeyboard(markup: unknown): boolean {
  if (markup === undefined) return true;
  const parsed = (typeof markup === 'string' ? JSON.parse(markup) : markup) as {
    inline_keyboard?: Array<Array<{ text?: string; callback_data?: string; url?: string }>>;
  };
  if (!parsed.inline_keyboard) return true;
  return parsed.inline_keyboard.every((row) =>
    row.every((button) => {
      const bytes = Buffer.byteLength(button.callback_data ?? '');
      return !!button.text && (button.url !== undefined || (bytes >= 1 && bytes <= 64));
    }),
  );
}

/**
 * The Telegram Bot API: `/bot<token>/<method>` (JSON, form or multipart, `{ok, result}` or
 * `{ok:false, error_code, description, parameters}`), `getFile` and `/file/bot<token>/<path>`;
 * `setWebhook` keeps the URL and secret updates are posted with
 * (`X-Telegram-Bot-Api-Secret-Token`). Control: `bots`, `files`, `update`.
 */
export class FakeTelegram extends FakeProviderServer {
  private readonly bots = new Map<string, Bot>();
  private readonly files = new Map<string, { bot: string; content: Buffer; mimeType: string }>();
  private messageId = 1000;

  constructor() {
    super('telegram');
  }

  protected accountOf(request: IncomingMessage): string | null {
    const token = /^\/(?:file\/)?bot([^/]+)\//.exec(request.url ?? '')?.[1];
    return token && this.bots.has(token) ? token : null;
  }

  protected unauthorised(): FakeAnswer {
    return refusal(401, 'Unauthorized');
  }

  protected errorBody(failure: FakeFailure): unknown {
    return refusal(failure.fail_status, failure.error_message ?? 'Internal Server Error', failure.retry_after).body;
  }

  protected async answer(token: string, request: IncomingMessage, body: Buffer): Promise<FakeAnswer> {
    const bot = this.bots.get(token)!;
    const path = (request.url ?? '').split('?')[0];
    const file = /^\/file\/bot[^/]+\/(.+)$/.exec(path);
    if (file) {
      const stored = this.files.get(file[1]);
      return stored && stored.bot === token
        ? { status: 200, body: stored.content, headers: { 'content-type': stored.mimeType } }
        : refusal(404, 'Not Found');
    }
    const method = /^\/bot[^/]+\/(\w+)$/.exec(path)?.[1] ?? '';
    const fields = fieldsOf(request, body);
    const message = () => ({
      message_id: ++this.messageId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: Number(fields['chat_id']), type: 'private' },
    });
    switch (method) {
      case 'getMe':
        return {
          status: 200,
          body: {
            ok: true,
            result: { id: bot.id, is_bot: true, first_name: 'Parley test bot', username: `bot${bot.id}` },
          },
        };
      case 'setWebhook':
        if (typeof fields['url'] !== 'string' || !fields['url'])
          return refusal(400, 'Bad Request: bad webhook: URL is empty');
        if (fields['secret_token'] !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(String(fields['secret_token'])))
          return refusal(400, 'Bad Request: secret token contains unallowed characters');
        bot.webhookUrl = String(fields['url']);
        bot.secretToken = fields['secret_token'] ? String(fields['secret_token']) : null;
        return { status: 200, body: { ok: true, result: true, description: 'Webhook was set' } };
      case 'sendMessage':
        if (!fields['chat_id']) return refusal(400, 'Bad Request: chat_id is empty');
        if (typeof fields['text'] !== 'string' || !fields['text'])
          return refusal(400, 'Bad Request: message text is empty');
        if ((fields['text'] as string).length > 4096) return refusal(400, 'Bad Request: message is too long');
        if (!validKeyboard(fields['reply_markup'])) return refusal(400, 'Bad Request: BUTTON_DATA_INVALID');
        return { status: 200, body: { ok: true, result: { ...message(), text: fields['text'] } } };
      case 'getFile': {
        const id = String(fields['file_id'] ?? '');
        return this.files.has(id)
          ? { status: 200, body: { ok: true, result: { file_id: id, file_unique_id: id, file_path: id } } }
          : refusal(400, 'Bad Request: invalid file_id');
      }
      case 'answerCallbackQuery':
        return { status: 200, body: { ok: true, result: true } };
      default: {
        const field = FILE_METHODS[method];
        if (!field) return refusal(404, 'Not Found: method not found');
        if (!fields['chat_id']) return refusal(400, 'Bad Request: chat_id is empty');
        if (!fields[field]) return refusal(400, `Bad Request: there is no ${field} in the request`);
        return { status: 200, body: { ok: true, result: { ...message(), caption: fields['caption'] } } };
      }
    }
  }

  protected async control(action: string, body: Record<string, unknown>): Promise<unknown> {
    if (action === 'bots') {
      const id = Math.floor(1e9 + Math.random() * 8e9);
      const token = `${id}:${randomBytes(17).toString('base64url')}`;
      this.bots.set(token, { token, id, webhookUrl: null, secretToken: null });
      return { bot_token: token };
    }
    if (action === 'bot') {
      const bot = this.bots.get(String(body['bot']));
      return { webhook_url: bot?.webhookUrl ?? null, has_secret_token: !!bot?.secretToken };
    }
    if (action === 'files') {
      const id = `F${randomBytes(10).toString('hex')}`;
      this.files.set(id, {
        bot: String(body['bot']),
        content: Buffer.from(String(body['content_base64']), 'base64'),
        mimeType: String(body['mime_type']),
      });
      return { file_id: id };
    }
    if (action === 'update') {
      const bot = this.bots.get(String(body['bot']))!;
      // `url`: post elsewhere than the bot's webhook (a benchmark's baseline sink).
      const url = typeof body['url'] === 'string' ? body['url'] : bot.webhookUrl;
      if (!url) throw new Error('setWebhook was never called for this bot');
      const raw = typeof body['raw'] === 'string' ? body['raw'] : JSON.stringify(body['update']);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (body['signature'] === 'bad') headers['x-telegram-bot-api-secret-token'] = 'wrong-secret';
      else if (body['signature'] !== 'missing' && bot.secretToken)
        headers['x-telegram-bot-api-secret-token'] = bot.secretToken;
      return { ...(await this.deliver(url, raw, headers)), raw };
    }
    return null;
  }
}
