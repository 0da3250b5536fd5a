import type { OngoingCampaignTrigger } from '../campaigns/campaign.types';
import type { ConversationSender, ConversationStatus } from '../conversations/conversation.types';
import type { WorkingHoursEntry } from '../inboxes/inbox.types';
import type { Attachment, ContentType, MessageSender, StoredFile } from '../messages/message.types';

/** An inbox as a widget or a bridge sees it (`GET /public/api/v1/inboxes/{identifier}`). */
export interface PublicInbox {
  identifier: string;
  /** The inbox's `hmac_mandatory`: contacts must prove their identifier. */
  identity_validation_enabled: boolean;
  name: string;
  timezone: string;
  working_hours: WorkingHoursEntry[];
  working_hours_enabled: boolean;
  csat_survey_enabled: boolean;
  greeting_enabled: boolean;
}

/** A contact as the public API answers it: its id at the inbox and the token it subscribes to `/cable` with. */
export interface PublicContact {
  source_id: string;
  /** The contact inbox's token (RoomChannel expects this one, not a contact-wide token). */
  pubsub_token: string;
  id: number;
  name: string | null;
  email: string | null;
  phone_number: string | null;
}

/** What a widget or bridge may set on its contact. */
export interface PublicContactInput {
  source_id?: string | null;
  identifier?: string | null;
  identifier_hash?: string | null;
  email?: string | null;
  name?: string | null;
  phone_number?: string | null;
  avatar_url?: string | null;
  custom_attributes?: Record<string, unknown>;
}

/** A message as the contact sees it: `message_type` as the reference's integer (0 incoming … 3 template). */
export interface PublicMessage {
  id: number;
  content: string | null;
  message_type: number;
  content_type: ContentType;
  content_attributes: Record<string, unknown>;
  created_at: number;
  /** The conversation's display id. */
  conversation_id: number;
  attachments?: Attachment[];
  sender?: MessageSender;
}

/** The contact's own record inside a public conversation. */
export interface PublicConversationContact extends ConversationSender {
  additional_attributes: Record<string, unknown>;
}

export interface PublicConversation {
  /** The display id. */
  id: number;
  uuid: string;
  inbox_id: number;
  contact_last_seen_at: number | null;
  status: ConversationStatus;
  agent_last_seen_at: number | null;
  /** Every message the contact may see (no private notes, no activity). */
  messages: PublicMessage[];
  contact: PublicConversationContact;
}

/** `submitted_values` of an input message (a CSAT survey's rating among them). */
export interface SubmittedValue {
  name?: string;
  title?: string;
  value?: unknown;
  csat_survey_response?: { feedback_message?: string | null; rating?: number };
}

export interface PublicMessageInput {
  content?: string | null;
  echo_id?: string | null;
  files?: StoredFile[];
}

/** A web-widget inbox as its widget needs it: texts and colour of the window, ids to find its campaigns. */
export interface PublicWidgetInbox {
  inbox_id: number;
  account_id: number;
  name: string;
  website_url: string | null;
  widget_color: string | null;
  welcome_title: string | null;
  welcome_tagline: string | null;
}

/** `GET /public/api/v1/inboxes/{website_token}/widget_config`. */
export interface PublicWidgetConfig {
  name: string;
  website_url: string | null;
  widget_color: string | null;
  welcome_title: string | null;
  welcome_tagline: string | null;
  /** The inbox's enabled ongoing campaigns: the widget fires them from the page (URL + time on page). */
  campaigns: OngoingCampaignTrigger[];
}
