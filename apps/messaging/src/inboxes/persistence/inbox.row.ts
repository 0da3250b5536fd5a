import type { ChannelType, WorkingHoursEntry } from '@parley/contracts';

/** @owns messaging.inboxes */

/** An `inboxes` row. */
export interface InboxRow {
  id: number;
  account_id: number;
  name: string;
  channel_type: ChannelType;
  phone_number: string | null;
  email: string | null;
  website_url: string | null;
  widget_color: string | null;
  webhook_url: string | null;
  inbox_identifier: string | null;
  /** The signing secret of an API inbox's callbacks. */
  secret: string | null;
  avatar_url: string | null;
  website_token: string | null;
  /** API and web-widget inboxes: the key of contacts' `identifier_hash` (administrators only). */
  hmac_token: string | null;
  /** Contacts must prove their identifier. */
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
  max_assignment_limit: number | null;
  allow_messages_after_resolved: boolean;
  message_deleted_placeholder: string | null;
  agent_bot_id: number | null;
  /** Names the inbox in its forwarding address and seals its secrets (set at creation). */
  uuid: string;
  /** The provider's settings (e-mail: the `imap_*` / `smtp_*` fields), secrets sealed. */
  channel_settings: Record<string, unknown>;
  /** The last IMAP failure, shown on the inbox; null while the mailbox is reachable. */
  imap_error: string | null;
  created_at: Date;
  updated_at: Date;
}

/** The columns a create or update writes, in the order of their parameters. */
export const INBOX_WRITTEN_COLUMNS = [
  'name',
  'channel_type',
  'phone_number',
  'email',
  'website_url',
  'widget_color',
  'webhook_url',
  'inbox_identifier',
  'secret',
  'avatar_url',
  'website_token',
  'hmac_token',
  'hmac_mandatory',
  'welcome_title',
  'welcome_tagline',
  'greeting_enabled',
  'greeting_message',
  'working_hours_enabled',
  'out_of_office_message',
  'working_hours',
  'timezone',
  'csat_survey_enabled',
  'enable_auto_assignment',
  'max_assignment_limit',
  'allow_messages_after_resolved',
  'message_deleted_placeholder',
  'channel_settings',
] as const satisfies ReadonlyArray<keyof InboxRow>;

export const INBOX_COLUMNS = `id, account_id, ${INBOX_WRITTEN_COLUMNS.join(', ')}, agent_bot_id, uuid, imap_error, created_at, updated_at`;

/** The JSON columns among the written ones (written as their text, compared as jsonb). */
export const INBOX_JSON_COLUMNS: ReadonlySet<string> = new Set(['working_hours', 'channel_settings']);

/** The inbox settings a message write needs, as raw SQL over `messaging.inboxes` returns them. */
export type MessageInbox = Pick<
  InboxRow,
  'channel_type' | 'allow_messages_after_resolved' | 'message_deleted_placeholder'
>;

/** The inbox settings auto-assignment needs. */
export type AssignmentSettings = Pick<InboxRow, 'enable_auto_assignment' | 'max_assignment_limit'>;
