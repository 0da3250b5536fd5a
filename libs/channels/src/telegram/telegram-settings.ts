import { createHmac } from 'node:crypto';

/** A Telegram bot inbox's channel fields: the bot's token (write-only). */
export interface TelegramChannelSettings {
  bot_token?: string | null;
}

/**
 * The `secret_token` Parley gives `setWebhook`, derived from the bot's token (hex: Telegram's
 * alphabet): nothing more to store, and a new token gives a new secret.
 */
export function telegramSecretToken(botToken: string): string {
  return createHmac('sha256', botToken).update('parley telegram webhook').digest('hex');
}
