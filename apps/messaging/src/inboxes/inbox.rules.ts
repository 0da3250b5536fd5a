import {
  CHANNEL_TYPES,
  E164_PATTERN,
  EMAIL_PATTERN,
  HEX_COLOR_PATTERN,
  InboxErrors,
  type ChannelInput,
  type ErrorCode,
  type UpdateInboxInput,
  type WorkingHoursEntry,
} from '@parley/contracts';
import { DomainError } from '@parley/service-kit';
import { checkHttpUrl, isValidTimeZone } from '@parley/domain-rules';
import { workingHoursProblems } from './working-hours.rules';
import type { InboxRow } from './persistence/inbox.row';

/** Sunday and Saturday closed, weekdays 09:00–17:00: what a new inbox starts with. */
export function defaultWorkingHours(): WorkingHoursEntry[] {
  return [0, 1, 2, 3, 4, 5, 6].map((day) => {
    const weekend = day === 0 || day === 6;
    return {
      day_of_week: day,
      closed_all_day: weekend,
      open_hour: weekend ? null : 9,
      open_minutes: weekend ? null : 0,
      close_hour: weekend ? null : 17,
      close_minutes: weekend ? null : 0,
    };
  });
}

function httpUrl(value: string | null | undefined, field: string, label: string): string | null {
  const checked = checkHttpUrl(value, label);
  return 'problem' in checked ? fail(InboxErrors.urlInvalid, checked.problem, field) : checked.value;
}

function fail(code: ErrorCode, message: string, field: string): never {
  throw new DomainError(code, message, [field]);
}

function phone(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  return E164_PATTERN.test(trimmed)
    ? trimmed
    : fail(InboxErrors.phoneInvalid, 'Phone number must be in E.164 format, e.g. +5511999990000', 'phone_number');
}

function email(value: string | null | undefined): string | null {
  const trimmed = value?.trim().toLowerCase();
  if (!trimmed) return null;
  return EMAIL_PATTERN.test(trimmed) ? trimmed : fail(InboxErrors.emailInvalid, 'Email is invalid', 'email');
}

function color(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  return HEX_COLOR_PATTERN.test(trimmed)
    ? trimmed.toLowerCase()
    : fail(InboxErrors.widgetColorInvalid, 'Widget color must be a hex color such as #1f93ff', 'widget_color');
}

/** Applies the channel-specific fields; every channel keeps the address kind it needs. */
export function applyChannelFields(inbox: InboxRow, input: Partial<ChannelInput>): void {
  if (input.webhook_url !== undefined) inbox.webhook_url = httpUrl(input.webhook_url, 'webhook_url', 'Webhook URL');
  if (input.website_url !== undefined) inbox.website_url = httpUrl(input.website_url, 'website_url', 'Website URL');
  if (input.widget_color !== undefined) inbox.widget_color = color(input.widget_color);
  if (input.welcome_title !== undefined) inbox.welcome_title = input.welcome_title?.trim() || null;
  if (input.welcome_tagline !== undefined) inbox.welcome_tagline = input.welcome_tagline?.trim() || null;
  if (input.phone_number !== undefined) inbox.phone_number = phone(input.phone_number);
  if (input.email !== undefined) inbox.email = email(input.email);
  switch (inbox.channel_type) {
    case CHANNEL_TYPES.web_widget:
      if (!inbox.website_url)
        fail(InboxErrors.websiteUrlRequired, 'Website URL is required for a web widget inbox', 'website_url');
      inbox.widget_color ??= '#1f93ff';
      break;
    case CHANNEL_TYPES.sms:
    case CHANNEL_TYPES.mobile_chat:
      if (!inbox.phone_number)
        fail(InboxErrors.phoneRequired, 'Phone number is required for this channel', 'phone_number');
      break;
    case CHANNEL_TYPES.email:
      if (!inbox.email) fail(InboxErrors.emailRequired, 'Email is required for an e-mail inbox', 'email');
      break;
  }
}

/** Applies the settings every inbox has, validating each. */
export function applySettings(inbox: InboxRow, input: UpdateInboxInput): void {
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (!name) fail(InboxErrors.nameBlank, "Name can't be blank", 'name');
    inbox.name = name;
  }
  if (input.avatar_url !== undefined) inbox.avatar_url = httpUrl(input.avatar_url, 'avatar_url', 'Avatar URL');
  if (input.greeting_enabled !== undefined) inbox.greeting_enabled = input.greeting_enabled;
  if (input.greeting_message !== undefined) inbox.greeting_message = input.greeting_message?.trim() || null;
  if (input.working_hours_enabled !== undefined) inbox.working_hours_enabled = input.working_hours_enabled;
  if (input.out_of_office_message !== undefined)
    inbox.out_of_office_message = input.out_of_office_message?.trim() || null;
  if (input.working_hours !== undefined) {
    const problems = workingHoursProblems(input.working_hours);
    if (problems.length) fail(InboxErrors.workingHoursInvalid, problems.join('; '), 'working_hours');
    inbox.working_hours = [...input.working_hours].sort((a, b) => a.day_of_week - b.day_of_week).map(normaliseDay);
  }
  if (input.timezone !== undefined) {
    if (!isValidTimeZone(input.timezone))
      fail(InboxErrors.timezoneInvalid, `Timezone "${input.timezone}" is not a known time zone name`, 'timezone');
    inbox.timezone = input.timezone;
  }
  if (input.csat_survey_enabled !== undefined) inbox.csat_survey_enabled = input.csat_survey_enabled;
  if (input.hmac_mandatory !== undefined) inbox.hmac_mandatory = input.hmac_mandatory;
  if (input.enable_auto_assignment !== undefined) inbox.enable_auto_assignment = input.enable_auto_assignment;
  if (input.auto_assignment_config?.max_assignment_limit !== undefined) {
    const limit = input.auto_assignment_config.max_assignment_limit;
    if (limit !== null && (!Number.isInteger(limit) || limit < 1)) {
      fail(
        InboxErrors.assignmentLimitInvalid,
        'Max assignment limit must be a positive integer',
        'auto_assignment_config.max_assignment_limit',
      );
    }
    inbox.max_assignment_limit = limit;
  }
  if (input.allow_messages_after_resolved !== undefined)
    inbox.allow_messages_after_resolved = input.allow_messages_after_resolved;
  if (input.message_deleted_placeholder !== undefined)
    inbox.message_deleted_placeholder = input.message_deleted_placeholder?.trim() || null;
}

function normaliseDay(entry: WorkingHoursEntry): WorkingHoursEntry {
  if (entry.closed_all_day) {
    return {
      day_of_week: entry.day_of_week,
      closed_all_day: true,
      open_hour: null,
      open_minutes: null,
      close_hour: null,
      close_minutes: null,
    };
  }
  return {
    day_of_week: entry.day_of_week,
    closed_all_day: false,
    open_hour: entry.open_hour,
    open_minutes: entry.open_minutes,
    close_hour: entry.close_hour,
    close_minutes: entry.close_minutes,
  };
}
