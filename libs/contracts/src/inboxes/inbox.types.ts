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

/** E-mail inboxes show their servers too (`EmailInboxView`); other inboxes do not have those fields. */
export interface Inbox extends Partial<EmailInboxView> {
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

export interface ChannelInput extends EmailServerFields {
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
export interface UpdateInboxInput extends EmailServerFields {
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
  account_id: number;
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
