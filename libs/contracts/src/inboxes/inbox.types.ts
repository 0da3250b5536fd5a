export const CHANNEL_TYPES = {
  api: 'Channel::Api',
  web_widget: 'Channel::WebWidget',
  email: 'Channel::Email',
  sms: 'Channel::Sms',
  mobile_chat: 'Channel::MobileChat',
  social_page: 'Channel::SocialPage',
  social_direct: 'Channel::SocialDirect',
  bot_chat: 'Channel::BotChat',
} as const;

export type ChannelKind = keyof typeof CHANNEL_TYPES;
export type ChannelType = (typeof CHANNEL_TYPES)[ChannelKind];
export const CHANNEL_KINDS = Object.keys(CHANNEL_TYPES) as ChannelKind[];
export const CHANNEL_TYPE_VALUES = Object.values(CHANNEL_TYPES) as ChannelType[];

export interface WorkingHoursEntry {
  /** 0 = Sunday … 6 = Saturday. */
  day_of_week: number;
  closed_all_day: boolean;
  open_hour: number | null;
  open_minutes: number | null;
  close_hour: number | null;
  close_minutes: number | null;
}

export interface AutoAssignmentConfig {
  /** Most open conversations of this inbox one agent gets automatically; null = no limit. */
  max_assignment_limit: number | null;
}

/**
 * E-mail inboxes show their servers too (`EmailInboxView`), provider inboxes their provider
 * fields (`ProviderInboxView`); other inboxes do not have those fields.
 */
export interface Inbox extends Partial<EmailInboxView>, Partial<ProviderInboxView> {
  id: number;
  account_id: number;
  name: string;
  channel_type: ChannelType;
  phone_number: string | null;
  email: string | null;
  website_url: string | null;
  widget_color: string | null;
  webhook_url: string | null;
  /** `Channel::Api` only: the public identifier and the secret that signs its callbacks. */
  inbox_identifier: string | null;
  secret: string | null;
  /** API and web-widget inboxes, administrators only: the key of contacts' `identifier_hash`. */
  hmac_token: string | null;
  avatar_url: string | null;
  /** `Channel::WebWidget` only: the public token the widget on the site identifies the inbox with. */
  website_token: string | null;
  /** `Channel::WebWidget` only: the snippet that embeds the widget in a page. */
  web_widget_script: string | null;
  /** API and web-widget inboxes: contacts must prove their identifier (`identifier_hash`). */
  hmac_mandatory: boolean;
  welcome_title: string | null;
  welcome_tagline: string | null;
  greeting_enabled: boolean;
  greeting_message: string | null;
  working_hours_enabled: boolean;
  out_of_office_message: string | null;
  working_hours: WorkingHoursEntry[];
  timezone: string;
  csat_survey_enabled: boolean;
  enable_auto_assignment: boolean;
  auto_assignment_config: AutoAssignmentConfig;
  allow_messages_after_resolved: boolean;
  /** Text a deleted message shows in its place. */
  message_deleted_placeholder: string;
  agent_bot_id: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * An e-mail inbox's own servers, with the reference's names. Without SMTP settings it sends
 * through the deployment's `SMTP_URL`; the passwords are write-only (stored sealed, never shown).
 */
export interface EmailServerFields {
  imap_enabled?: boolean;
  imap_address?: string | null;
  imap_port?: number | null;
  imap_login?: string | null;
  imap_password?: string | null;
  imap_enable_ssl?: boolean;
  smtp_enabled?: boolean;
  smtp_address?: string | null;
  smtp_port?: number | null;
  smtp_login?: string | null;
  smtp_password?: string | null;
  smtp_domain?: string | null;
  smtp_enable_starttls_auto?: boolean;
  smtp_enable_ssl_tls?: boolean;
  /** `plain`, `login` or `cram_md5`; null: the strongest the server offers. */
  smtp_authentication?: string | null;
}

export const SMTP_AUTHENTICATIONS = ['plain', 'login', 'cram_md5'] as const;

/** What an e-mail inbox shows of its servers (no passwords), and where mail for it can be forwarded. */
export interface EmailInboxView {
  imap_enabled: boolean;
  imap_address: string | null;
  imap_port: number | null;
  imap_login: string | null;
  imap_enable_ssl: boolean;
  /** The last IMAP login or connection failure; null while the mailbox is reachable. */
  imap_error: string | null;
  smtp_enabled: boolean;
  smtp_address: string | null;
  smtp_port: number | null;
  smtp_login: string | null;
  smtp_domain: string | null;
  smtp_enable_starttls_auto: boolean;
  smtp_enable_ssl_tls: boolean;
  smtp_authentication: string | null;
  /** `<inbox uuid>@MAIL_INBOUND_DOMAIN`: forward the mailbox here and Parley receives its mail. */
  forward_to_email: string | null;
}

/** WhatsApp Cloud's settings (`provider_config`); `api_key` and `app_secret` are write-only. */
export interface WhatsAppProviderConfig {
  api_key?: string | null;
  phone_number_id?: string | null;
  business_account_id?: string | null;
  app_secret?: string | null;
  /** What Meta's verification handshake must present; generated when not given. */
  webhook_verify_token?: string | null;
}

export const WHATSAPP_PROVIDERS = ['whatsapp_cloud'] as const;

/**
 * The providers' credentials, with the reference's names (decisions.md "Channels"). Secrets
 * (`api_key`, `app_secret`, `page_access_token`, `access_token`, `bot_token`, `auth_token`) are
 * write-only: stored sealed, never shown. Given credentials are checked at the provider.
 */
export interface ProviderFields {
  /** WhatsApp (`mobile_chat`). */
  provider?: (typeof WHATSAPP_PROVIDERS)[number];
  provider_config?: WhatsAppProviderConfig;
  /** Messenger (`social_page`). */
  page_id?: string | null;
  page_access_token?: string | null;
  /** Instagram (`social_direct`). */
  instagram_id?: string | null;
  access_token?: string | null;
  /** Messenger and Instagram: signs Meta's webhooks. */
  app_secret?: string | null;
  webhook_verify_token?: string | null;
  /** Telegram (`bot_chat`). */
  bot_token?: string | null;
  /** Twilio SMS (`sms`): sends from `phone_number` or the messaging service. */
  account_sid?: string | null;
  auth_token?: string | null;
  messaging_service_sid?: string | null;
}

/** What a provider inbox shows (never a secret); `webhook_verify_token` to administrators only. */
export interface ProviderInboxView {
  /** `{PUBLIC_URL}/webhooks/{whatsapp|messenger|instagram|telegram|twilio}/{inbox_identifier}`: give it to the provider. */
  inbound_webhook_url: string;
  /** False until the inbox has its provider's credentials (without them nothing arrives or leaves). */
  provider_connected: boolean;
  provider?: string | null;
  provider_config?: {
    phone_number_id: string | null;
    business_account_id: string | null;
    webhook_verify_token: string | null;
  };
  page_id?: string | null;
  instagram_id?: string | null;
  webhook_verify_token?: string | null;
  account_sid?: string | null;
  messaging_service_sid?: string | null;
}

export interface ChannelInput extends EmailServerFields, ProviderFields {
  type: ChannelKind;
  webhook_url?: string | null;
  website_url?: string | null;
  widget_color?: string | null;
  welcome_title?: string | null;
  welcome_tagline?: string | null;
  phone_number?: string | null;
  email?: string | null;
}

/** Fields an administrator may change after creation. */
export interface UpdateInboxInput extends EmailServerFields, ProviderFields {
  name?: string;
  avatar_url?: string | null;
  greeting_enabled?: boolean;
  greeting_message?: string | null;
  working_hours_enabled?: boolean;
  out_of_office_message?: string | null;
  working_hours?: WorkingHoursEntry[];
  timezone?: string;
  csat_survey_enabled?: boolean;
  enable_auto_assignment?: boolean;
  auto_assignment_config?: Partial<AutoAssignmentConfig>;
  allow_messages_after_resolved?: boolean;
  message_deleted_placeholder?: string | null;
  webhook_url?: string | null;
  website_url?: string | null;
  widget_color?: string | null;
  welcome_title?: string | null;
  welcome_tagline?: string | null;
  phone_number?: string | null;
  email?: string | null;
  hmac_mandatory?: boolean;
}

export interface CreateInboxInput extends Omit<UpdateInboxInput, keyof Omit<ChannelInput, 'type'>> {
  name: string;
  channel: ChannelInput;
}

export interface AgentBot {
  id: number;
  /** Null for a platform bot: not tied to one account, usable by every account's inboxes. */
  account_id: number | null;
  name: string;
  description: string | null;
  outgoing_url: string | null;
  created_at: number;
  updated_at: number;
}

export interface CreateAgentBotInput {
  name: string;
  description?: string | null;
  outgoing_url?: string | null;
}

export type UpdateAgentBotInput = Partial<CreateAgentBotInput>;

export interface InboxCallbackTarget {
  account_id: number;
  inbox_id: number;
  webhook_url: string;
  secret: string;
}

export const DEFAULT_MESSAGE_DELETED_PLACEHOLDER = 'This message was deleted';
export const DEFAULT_TIMEZONE = 'UTC';
