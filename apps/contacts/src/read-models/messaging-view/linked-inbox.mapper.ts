import type { InboxSnapshot, LinkedInbox } from '@parley/contracts';
import type { InboxView } from './persistence/inbox-view.row';

/** A link's inbox as the inbox endpoints render it; a row kept before snapshots shows what it has. */
export function toLinkedInbox(view: InboxView): LinkedInbox {
  const inbox = view.snapshot;
  if (!inbox) return { id: view.id, name: view.name, channel_type: view.channel_type };
  const whole: InboxSnapshot = {
    id: view.id,
    account_id: inbox.account_id,
    name: view.name,
    channel_type: view.channel_type,
    phone_number: inbox.phone_number,
    email: inbox.email,
    website_url: inbox.website_url,
    widget_color: inbox.widget_color,
    webhook_url: inbox.webhook_url,
    inbox_identifier: inbox.inbox_identifier,
    avatar_url: inbox.avatar_url,
    website_token: inbox.website_token,
    web_widget_script: inbox.web_widget_script,
    // Snapshots kept before inboxes had the setting: off, as it was then.
    hmac_mandatory: inbox.hmac_mandatory ?? false,
    welcome_title: inbox.welcome_title,
    welcome_tagline: inbox.welcome_tagline,
    greeting_enabled: inbox.greeting_enabled,
    greeting_message: inbox.greeting_message,
    working_hours_enabled: inbox.working_hours_enabled,
    out_of_office_message: inbox.out_of_office_message,
    working_hours: inbox.working_hours,
    timezone: inbox.timezone,
    csat_survey_enabled: inbox.csat_survey_enabled,
    enable_auto_assignment: inbox.enable_auto_assignment,
    auto_assignment_config: { max_assignment_limit: inbox.auto_assignment_config.max_assignment_limit },
    allow_messages_after_resolved: inbox.allow_messages_after_resolved,
    message_deleted_placeholder: inbox.message_deleted_placeholder,
    agent_bot_id: inbox.agent_bot_id,
    created_at: inbox.created_at,
    updated_at: inbox.updated_at,
  };
  return whole;
}
