import type { CampaignAudienceEntry, CampaignStatus, CampaignTriggerRules, CampaignType } from '@parley/contracts';

/** @owns campaigns.campaigns */

/** A `campaigns` row. */
export interface CampaignRow {
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
  scheduled_at: Date | null;
  status: CampaignStatus;
  /** The state a paused campaign returns to on resume. */
  paused_from: CampaignStatus | null;
  /** The administrator who created it: one-off messages go out in their name. */
  created_by: number;
  /** Whether the run has turned the labels into send rows (once, when it starts). */
  audience_resolved: boolean;
  audience_count: number;
  sent_count: number;
  failed_count: number;
  failure_reason: string | null;
  /** When the current stretch of running began, and how many sends were done then (the measured rate of the ETA). */
  run_started_at: Date | null;
  run_done_at_start: number;
  /** The replica running it and until when its claim holds (renewed while it works). */
  lease_owner: string | null;
  lease_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const CAMPAIGN_COLUMNS = `id, account_id, title, message, inbox_id, campaign_type, sender_id, trigger_only_during_business_hours, trigger_rules, audience,
  scheduled_at, status, paused_from, created_by, audience_resolved, audience_count, sent_count, failed_count, failure_reason, run_started_at,
  run_done_at_start, lease_owner, lease_until, created_at, updated_at`;
