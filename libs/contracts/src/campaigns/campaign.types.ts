import type { ErrorCode } from '../errors/error-code';
import type { ConversationSnapshot } from '../conversations/conversation.events';

export const CAMPAIGN_TYPES = ['one_off', 'ongoing'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

export const CAMPAIGN_STATUSES = ['draft', 'enabled', 'scheduled', 'running', 'completed', 'paused', 'failed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** One entry of a campaign's audience: contacts carrying the label (entries combine with OR). */
export interface CampaignAudienceEntry {
  type: 'Label';
  id: number;
}

export interface CampaignTriggerRules {
  /** The exact page URL that triggers an ongoing campaign. */
  url?: string | null;
  /** Seconds on the page before it triggers. */
  time_on_page?: number | null;
}

export interface Campaign {
  id: number;
  account_id: number;
  title: string;
  message: string;
  inbox_id: number;
  campaign_type: CampaignType;
  sender_id: number | null;
  trigger_only_during_business_hours: boolean;
  trigger_rules: CampaignTriggerRules;
  audience: CampaignAudienceEntry[];
  /** ISO 8601, or null (send at once). */
  scheduled_at: string | null;
  status: CampaignStatus;
  audience_count: number;
  sent_count: number;
  failed_count: number;
  /** ISO 8601 estimate of completion while `running`; null otherwise. */
  eta: string | null;
  created_at: string;
  updated_at: string;
}

export interface CreateCampaignInput {
  title: string;
  message: string;
  inbox_id: number;
  campaign_type?: CampaignType;
  sender_id?: number | null;
  trigger_only_during_business_hours?: boolean;
  trigger_rules?: CampaignTriggerRules | null;
  audience?: CampaignAudienceEntry[];
  scheduled_at?: string | null;
  /** Only `draft` may be asked for: saved, nothing scheduled or sent. */
  status?: 'draft';
}

export type UpdateCampaignInput = Partial<Omit<CreateCampaignInput, 'campaign_type'>>;

export const CAMPAIGN_SEND_STATUSES = ['pending', 'sent', 'failed'] as const;
export type CampaignSendStatus = (typeof CAMPAIGN_SEND_STATUSES)[number];

/** One contact's send of a campaign, as the send log shows it. */
export interface CampaignSend {
  contact_id: number;
  status: CampaignSendStatus;
  error: string | null;
  message_id: number | null;
  conversation_id: number | null;
  /** ISO 8601 time of the send (or of its failure); null while pending. */
  sent_at: string | null;
}

export interface CampaignSendPage {
  meta: { count: number; current_page: number };
  payload: CampaignSend[];
}

export interface CampaignSendQuery {
  status?: 'sent' | 'failed';
  page?: number;
}

/** What the widget side reports: a contact has been on `url` for `time_on_page` seconds. */
export interface CampaignTriggerInput {
  contact_id: number;
  url: string;
  time_on_page: number;
}

/** What a web widget knows of an ongoing campaign: when it fires (its message stays on the server). */
export interface OngoingCampaignTrigger {
  id: number;
  trigger_rules: Required<CampaignTriggerRules>;
}

export interface CampaignTriggerResult {
  /** The campaign that fired (null: no rule matched, or outside business hours). */
  campaign_id: number | null;
  conversation_id: number | null;
  message_id: number | null;
}

/** What messaging answers for a campaign's message: the conversation it started and the message. */
export interface CampaignMessageSent {
  conversation: ConversationSnapshot;
  message_id: number;
}

/** One contact's message in a batch of a campaign's sends. */
export interface CampaignSendRequest {
  contact_id: number;
  content: string;
  key: string;
}

/** What one send of a batch came to: its conversation and message, or why it was refused. */
export type CampaignSendResult =
  | { contact_id: number; conversation_id: number; message_id: number }
  | { contact_id: number; error: string; code: ErrorCode };
