import type { Api } from 'grammy';
import type { InlineKeyboardButton, Update } from 'grammy/types';
import { attachmentBytes } from '../http/attachment-bytes';
import { downloadBounded } from '../http/provider-call';
import { headerOf, sameSecret } from '../meta/meta-signature';
import type { ChannelAdapter, CredentialVerdict } from '../port/channel-adapter';
import type { InboundDelivery, InboundMessage, InboundVerdict } from '../port/inbound-message';
import type { OutgoingAttachment, SendFailure, SendOutcome, SendRequest } from '../port/outgoing-message';
import { selectItems } from '../whatsapp/whatsapp-message-body';
import { telegramSecretToken, type TelegramChannelSettings } from './telegram-settings';
import { parseTelegramUpdate } from './telegram-update-parser';

export interface TelegramChannelConfig {
  /** `TELEGRAM_API_BASE_URL` (grammY's `apiRoot`). */
  apiRoot: string;
  /** Largest inbound file fetched, in bytes (bots may download 20 MB at most). */
  maxMediaBytes: number;
}

/** Telegram's limit on `callback_data`, in bytes. */
const CALLBACK_DATA_BYTES = 64;

/** grammY, loaded at the first Telegram call, not at boot: it and its fetch polyfill are 1 MB of code most deployments never run. */
function grammy(): typeof import('grammy') {
  return require('grammy') as typeof import('grammy');
}

/** A grammY failure as a send outcome: 429 (with `retry_after`), 5xx and the network are transient. */
export function telegramFailure(error: unknown): SendFailure {
  const { GrammyError, HttpError } = grammy();
  if (error instanceof GrammyError) {
    const text = `${error.error_code}: ${error.description}`;
    if (error.error_code === 429 || error.error_code >= 500)
      return {
        outcome: 'transient',
        error: text,
        retryAfterMs: error.parameters.retry_after ? error.parameters.retry_after * 1000 : undefined,
      };
    return { outcome: 'permanent', externalError: text };
  }
  if (error instanceof HttpError) {
    // grammY wraps fetch's failure: a refused connection never left, anything else may have arrived.
    const code = (error.error as { cause?: { code?: string } } | undefined)?.cause?.code;
    return {
      outcome: 'transient',
      error: `provider unreachable: ${error.message}`,
      maybeDelivered: code !== 'ECONNREFUSED' && code !== 'ENOTFOUND' && code !== 'EAI_AGAIN',
    };
  }
  return { outcome: 'transient', error: (error as Error).message };
}

type FileMethod = 'sendPhoto' | 'sendAudio' | 'sendVideo' | 'sendDocument';

function fileMethod(contentType: string): FileMethod {
  if (contentType === 'image/jpeg' || contentType === 'image/png') return 'sendPhoto';
  if (contentType.startsWith('audio/')) return 'sendAudio';
  if (contentType === 'video/mp4') return 'sendVideo';
  return 'sendDocument';
}

/**
 * Telegram Bot API (`Channel::BotChat`) through grammY, its API root a setting: `sendMessage`
 * (an inline keyboard for `input_select`), `sendPhoto` / `sendDocument` / … for files (the text
 * as the first one's caption). Updates arrive with the `secret_token` Parley set.
 */
export class TelegramChannel implements ChannelAdapter<TelegramChannelSettings> {
  readonly channelType = 'Channel::BotChat' as const;

  constructor(private readonly config: TelegramChannelConfig) {}

  private api(token: string): Api {
    return new (grammy().Api)(token, { apiRoot: this.config.apiRoot.replace(/\/+$/, ''), timeoutSeconds: 15 });
  }

  async send(request: SendRequest<TelegramChannelSettings>): Promise<SendOutcome> {
    const token = request.inbox.settings.bot_token;
    if (!token) return { outcome: 'permanent', externalError: 'channel not connected' };
    const api = this.api(token);
    const chatId = request.contact.address;
    const { message } = request;
    const text = message.content ?? '';
    try {
      let firstId: number | null = null;
      for (const [index, attachment] of message.attachments.entries()) {
        const sent = await this.sendFile(api, chatId, attachment, index === 0 ? text : '');
        firstId ??= sent;
      }
      if (firstId === null) {
        const items = message.contentType === 'input_select' ? selectItems(message.contentAttributes) : [];
        const keyboard: InlineKeyboardButton[][] = items.map((item) => [
          { text: item.title, callback_data: Buffer.from(item.value).subarray(0, CALLBACK_DATA_BYTES).toString() },
        ]);
        const sent = await api.sendMessage(
          chatId,
          text,
          keyboard.length ? { reply_markup: { inline_keyboard: keyboard } } : {},
        );
        firstId = sent.message_id;
      }
      return { outcome: 'sent', providerMessageId: `${chatId}:${firstId}` };
    } catch (error) {
      return telegramFailure(error);
    }
  }

  private async sendFile(api: Api, chatId: string, attachment: OutgoingAttachment, caption: string): Promise<number> {
    const file = new (grammy().InputFile)(await attachmentBytes(attachment), attachment.filename);
    const options = caption ? { caption } : {};
    const method = fileMethod(attachment.contentType);
    const sent =
      method === 'sendPhoto'
        ? await api.sendPhoto(chatId, file, options)
        : method === 'sendAudio'
          ? await api.sendAudio(chatId, file, options)
          : method === 'sendVideo'
            ? await api.sendVideo(chatId, file, options)
            : await api.sendDocument(chatId, file, options);
    return sent.message_id;
  }

  verify(delivery: InboundDelivery, settings: TelegramChannelSettings): InboundVerdict {
    if (!settings.bot_token) return { verified: false, reason: 'the inbox has no bot_token' };
    const given = headerOf(delivery, 'x-telegram-bot-api-secret-token');
    if (!given) return { verified: false, reason: 'X-Telegram-Bot-Api-Secret-Token is missing' };
    return sameSecret(given, telegramSecretToken(settings.bot_token))
      ? { verified: true }
      : { verified: false, reason: 'X-Telegram-Bot-Api-Secret-Token does not match' };
  }

  async parse(delivery: InboundDelivery, settings: TelegramChannelSettings): Promise<InboundMessage[]> {
    const token = settings.bot_token ?? '';
    const update = JSON.parse(delivery.body.toString('utf8')) as Update;
    const parsed = await parseTelegramUpdate(update, (fileId) => this.fetchFile(token, fileId));
    // The button stops spinning in the contact's app once the press is answered.
    if (update.callback_query)
      await this.api(token)
        .answerCallbackQuery(update.callback_query.id)
        .catch(() => undefined);
    return parsed;
  }

  async checkCredentials(settings: TelegramChannelSettings): Promise<CredentialVerdict> {
    if (!settings.bot_token) return { accepted: false, field: 'bot_token', reason: 'bot_token is required' };
    try {
      await this.api(settings.bot_token).getMe();
      return { accepted: true };
    } catch (error) {
      const failure = telegramFailure(error);
      return {
        accepted: false,
        field: 'bot_token',
        reason: failure.outcome === 'permanent' ? failure.externalError : failure.error,
      };
    }
  }

  /** Points the bot's updates at Parley, with the secret every update must carry. */
  async registerWebhook(settings: TelegramChannelSettings, url: string): Promise<void> {
    const token = settings.bot_token;
    if (!token) return;
    await this.api(token).setWebhook(url, {
      secret_token: telegramSecretToken(token),
      allowed_updates: ['message', 'edited_message', 'callback_query', 'business_message', 'edited_business_message'],
    });
  }

  private async fetchFile(token: string, fileId: string): Promise<{ content: Buffer; contentType: string }> {
    const file = await this.api(token).getFile(fileId);
    if (!file.file_path) throw new Error(`file ${fileId} has no path to download`);
    const root = this.config.apiRoot.replace(/\/+$/, '');
    return downloadBounded(`${root}/file/bot${token}/${file.file_path}`, {}, this.config.maxMediaBytes);
  }
}
