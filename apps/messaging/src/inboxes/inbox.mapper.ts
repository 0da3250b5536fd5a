import { DEFAULT_MESSAGE_DELETED_PLACEHOLDER, type Inbox, type InboxSnapshot } from '@parley/contracts';
import { toUnixSeconds } from '@parley/service-kit';
import type { InboxEntity } from './persistence/inbox.orm-entity';
import { webWidgetScript } from './web-widget.rules';

/** `publicUrl`: where clients reach the API (the widget script loads from there). */
export function toInboxSnapshot(entity: InboxEntity, publicUrl: string): InboxSnapshot {
  return {
    id: entity.id,
    account_id: entity.accountId,
    name: entity.name,
    channel_type: entity.channelType,
    phone_number: entity.phoneNumber,
    email: entity.email,
    website_url: entity.websiteUrl,
    widget_color: entity.widgetColor,
    webhook_url: entity.webhookUrl,
    inbox_identifier: entity.inboxIdentifier,
    avatar_url: entity.avatarUrl,
    website_token: entity.websiteToken,
    web_widget_script: entity.websiteToken ? webWidgetScript(publicUrl, entity.websiteToken) : null,
    welcome_title: entity.welcomeTitle,
    welcome_tagline: entity.welcomeTagline,
    greeting_enabled: entity.greetingEnabled,
    greeting_message: entity.greetingMessage,
    working_hours_enabled: entity.workingHoursEnabled,
    out_of_office_message: entity.outOfOfficeMessage,
    working_hours: entity.workingHours,
    timezone: entity.timezone,
    csat_survey_enabled: entity.csatSurveyEnabled,
    enable_auto_assignment: entity.enableAutoAssignment,
    auto_assignment_config: { max_assignment_limit: entity.maxAssignmentLimit },
    allow_messages_after_resolved: entity.allowMessagesAfterResolved,
    message_deleted_placeholder: entity.messageDeletedPlaceholder ?? DEFAULT_MESSAGE_DELETED_PLACEHOLDER,
    agent_bot_id: entity.agentBotId,
    created_at: toUnixSeconds(entity.createdAt),
    updated_at: toUnixSeconds(entity.updatedAt),
  };
}

/** The signing secret of an API inbox is for administrators only. */
export function toInbox(entity: InboxEntity, options: { withSecret: boolean; publicUrl: string }): Inbox {
  return { ...toInboxSnapshot(entity, options.publicUrl), secret: options.withSecret ? entity.secret : null };
}
