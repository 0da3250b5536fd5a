import { CHANNEL_TYPES, DEFAULT_MESSAGE_DELETED_PLACEHOLDER, type Inbox, type InboxSnapshot } from '@parley/contracts';
import { emailInboxView, type StoredEmailServers } from './email-server.rules';
import { toUnixSeconds } from '@parley/service-kit';
import type { InboxRow } from './persistence/inbox.row';
import { webWidgetScript } from './web-widget.rules';
import { PROVIDER_OF_CHANNEL, providerInboxView, type StoredProviderSettings } from './provider-settings.rules';

/** `publicUrl`: where clients reach the API (the widget script loads from there). */
export function toInboxSnapshot(row: InboxRow, publicUrl: string): InboxSnapshot {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    channel_type: row.channel_type,
    phone_number: row.phone_number,
    email: row.email,
    website_url: row.website_url,
    widget_color: row.widget_color,
    webhook_url: row.webhook_url,
    // Provider inboxes have one too, but only inside their webhook URL: the public client API is the API channel's.
    inbox_identifier: row.channel_type === CHANNEL_TYPES.api ? row.inbox_identifier : null,
    avatar_url: row.avatar_url,
    website_token: row.website_token,
    web_widget_script: row.website_token ? webWidgetScript(publicUrl, row.website_token) : null,
    hmac_mandatory: row.hmac_mandatory,
    welcome_title: row.welcome_title,
    welcome_tagline: row.welcome_tagline,
    greeting_enabled: row.greeting_enabled,
    greeting_message: row.greeting_message,
    working_hours_enabled: row.working_hours_enabled,
    out_of_office_message: row.out_of_office_message,
    working_hours: row.working_hours,
    timezone: row.timezone,
    csat_survey_enabled: row.csat_survey_enabled,
    enable_auto_assignment: row.enable_auto_assignment,
    auto_assignment_config: { max_assignment_limit: row.max_assignment_limit },
    allow_messages_after_resolved: row.allow_messages_after_resolved,
    message_deleted_placeholder: row.message_deleted_placeholder ?? DEFAULT_MESSAGE_DELETED_PLACEHOLDER,
    agent_bot_id: row.agent_bot_id,
    created_at: toUnixSeconds(row.created_at),
    updated_at: toUnixSeconds(row.updated_at),
  };
}

/** The signing secret of an API inbox is for administrators only; an e-mail inbox shows its servers (never a password). */
export function toInbox(
  row: InboxRow,
  options: { withSecret: boolean; publicUrl: string; mailInboundDomain: string; inboundWebhookUrl: string | null },
): Inbox {
  const inbox: Inbox = {
    ...toInboxSnapshot(row, options.publicUrl),
    secret: options.withSecret ? row.secret : null,
    hmac_token: options.withSecret ? row.hmac_token : null,
  };
  const provider = PROVIDER_OF_CHANNEL[row.channel_type];
  if (provider && options.inboundWebhookUrl)
    return {
      ...inbox,
      ...providerInboxView(provider, row.channel_settings as StoredProviderSettings, {
        inboundWebhookUrl: options.inboundWebhookUrl,
        administrator: options.withSecret,
      }),
    };
  if (row.channel_type !== CHANNEL_TYPES.email) return inbox;
  return {
    ...inbox,
    ...emailInboxView(row.channel_settings as StoredEmailServers, {
      imapError: row.imap_error,
      forwardToEmail: `${row.uuid}@${options.mailInboundDomain}`,
    }),
  };
}
