import {
  CHANNEL_TYPES,
  InboxErrors,
  WHATSAPP_PROVIDERS,
  type ChannelType,
  type ProviderFields,
  type ProviderInboxView,
  type WebhookProvider,
} from '@parley/contracts';
import { DomainError } from '@parley/service-kit';
import { randomBytes } from 'node:crypto';

/** The provider serving each provider channel kind (decisions.md "Channels"). */
export const PROVIDER_OF_CHANNEL: Partial<Record<ChannelType, WebhookProvider>> = {
  [CHANNEL_TYPES.mobile_chat]: 'whatsapp',
  [CHANNEL_TYPES.social_page]: 'messenger',
  [CHANNEL_TYPES.social_direct]: 'instagram',
  [CHANNEL_TYPES.bot_chat]: 'telegram',
  [CHANNEL_TYPES.sms]: 'twilio',
};

/** The stored fields of each provider, top level (WhatsApp keeps its own under `provider_config`). */
const TOP_FIELDS: Record<WebhookProvider, Array<keyof ProviderFields>> = {
  whatsapp: ['provider'],
  messenger: ['page_id', 'page_access_token', 'app_secret', 'webhook_verify_token'],
  instagram: ['instagram_id', 'access_token', 'app_secret', 'webhook_verify_token'],
  telegram: ['bot_token'],
  twilio: ['account_sid', 'auth_token', 'messaging_service_sid'],
};
const WHATSAPP_CONFIG_FIELDS = [
  'api_key',
  'phone_number_id',
  'business_account_id',
  'app_secret',
  'webhook_verify_token',
] as const;
const SECRETS = new Set(['api_key', 'app_secret', 'page_access_token', 'access_token', 'bot_token', 'auth_token']);
/** The fields that identify the account at the provider: a change is checked there again. */
const CREDENTIALS = new Set([...SECRETS, 'phone_number_id', 'page_id', 'instagram_id', 'account_sid']);

export type StoredProviderSettings = Record<string, unknown> & { provider_config?: Record<string, unknown> };

/** The merge of a create or update: the settings, the secrets given (paths, to seal) and whether credentials changed. */
export interface MergedProviderSettings {
  settings: StoredProviderSettings;
  givenSecrets: string[];
  credentialsChanged: boolean;
}

function assign(target: Record<string, unknown>, field: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (value === null || value === '') {
    const had = field in target;
    delete target[field];
    return had;
  }
  target[field] = typeof value === 'string' ? value.trim() : value;
  return true;
}

/**
 * A provider inbox's settings after a create or update: given fields replace stored ones,
 * `null` clears; a verify token is generated for Meta's inboxes when there is none.
 */
export function mergeProviderSettings(
  provider: WebhookProvider,
  stored: StoredProviderSettings,
  input: ProviderFields,
): MergedProviderSettings {
  const settings: StoredProviderSettings = { ...stored };
  const givenSecrets: string[] = [];
  let credentialsChanged = false;
  for (const field of TOP_FIELDS[provider]) {
    if (!assign(settings, field, input[field])) continue;
    if (SECRETS.has(field) && settings[field] !== undefined) givenSecrets.push(field);
    if (CREDENTIALS.has(field)) credentialsChanged = true;
  }
  if (provider === 'whatsapp') {
    if (settings['provider'] !== undefined && !WHATSAPP_PROVIDERS.includes(settings['provider'] as 'whatsapp_cloud'))
      throw new DomainError(InboxErrors.credentialsRefused, 'provider must be whatsapp_cloud', ['provider']);
    settings['provider'] = 'whatsapp_cloud';
    const config = { ...(stored.provider_config ?? {}) };
    for (const field of WHATSAPP_CONFIG_FIELDS) {
      if (!assign(config, field, input.provider_config?.[field])) continue;
      if (SECRETS.has(field) && config[field] !== undefined) givenSecrets.push(`provider_config.${field}`);
      if (CREDENTIALS.has(field)) credentialsChanged = true;
    }
    config['webhook_verify_token'] ??= randomBytes(18).toString('base64url');
    settings.provider_config = config;
  } else if (provider === 'messenger' || provider === 'instagram') {
    settings['webhook_verify_token'] ??= randomBytes(18).toString('base64url');
  }
  return { settings, givenSecrets, credentialsChanged };
}

/** Whether the inbox has what its provider needs to send and receive. */
export function providerConnected(provider: WebhookProvider, settings: StoredProviderSettings): boolean {
  const config = settings.provider_config ?? {};
  switch (provider) {
    case 'whatsapp':
      return !!config['api_key'] && !!config['phone_number_id'];
    case 'messenger':
      return !!settings['page_access_token'] && !!settings['page_id'];
    case 'instagram':
      return !!settings['access_token'] && !!settings['instagram_id'];
    case 'telegram':
      return !!settings['bot_token'];
    case 'twilio':
      return !!settings['account_sid'] && !!settings['auth_token'];
  }
}

/** Where the provider posts: `{PUBLIC_URL}/webhooks/{provider}/{inbox_identifier}`. */
export function inboundWebhookUrl(publicUrl: string, provider: WebhookProvider, identifier: string): string {
  return `${publicUrl}/webhooks/${provider}/${identifier}`;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** What a provider inbox shows: its identifiers, never a secret; the verify token to administrators only. */
export function providerInboxView(
  provider: WebhookProvider,
  settings: StoredProviderSettings,
  extras: { inboundWebhookUrl: string; administrator: boolean },
): ProviderInboxView {
  const token = (value: unknown) => (extras.administrator ? text(value) : null);
  const view: ProviderInboxView = {
    inbound_webhook_url: extras.inboundWebhookUrl,
    provider_connected: providerConnected(provider, settings),
  };
  const config = settings.provider_config ?? {};
  switch (provider) {
    case 'whatsapp':
      return {
        ...view,
        provider: text(settings['provider']) ?? 'whatsapp_cloud',
        provider_config: {
          phone_number_id: text(config['phone_number_id']),
          business_account_id: text(config['business_account_id']),
          webhook_verify_token: token(config['webhook_verify_token']),
        },
      };
    case 'messenger':
      return {
        ...view,
        page_id: text(settings['page_id']),
        webhook_verify_token: token(settings['webhook_verify_token']),
      };
    case 'instagram':
      return {
        ...view,
        instagram_id: text(settings['instagram_id']),
        webhook_verify_token: token(settings['webhook_verify_token']),
      };
    case 'telegram':
      return view;
    case 'twilio':
      return {
        ...view,
        account_sid: text(settings['account_sid']),
        messaging_service_sid: text(settings['messaging_service_sid']),
      };
  }
}
