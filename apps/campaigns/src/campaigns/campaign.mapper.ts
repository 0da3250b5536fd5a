import type { Campaign } from '@parley/contracts';
import { estimatedCompletion } from './send-pace.rules';
import type { CampaignRow } from './persistence/campaign.row';

/** The campaign as clients see it; `eta` only while running. */
export function toCampaign(row: CampaignRow, configuredRate: number, now = new Date()): Campaign {
  const done = row.sent_count + row.failed_count;
  const eta =
    row.status === 'running' && row.audience_resolved
      ? estimatedCompletion(
          {
            audienceCount: row.audience_count,
            done,
            runStartedAt: row.run_started_at,
            runDoneAtStart: row.run_done_at_start,
          },
          configuredRate,
          now,
        )
      : null;
  return {
    id: row.id,
    account_id: row.account_id,
    title: row.title,
    message: row.message,
    inbox_id: row.inbox_id,
    campaign_type: row.campaign_type,
    sender_id: row.sender_id,
    trigger_only_during_business_hours: row.trigger_only_during_business_hours,
    trigger_rules: row.trigger_rules,
    audience: row.audience,
    scheduled_at: row.scheduled_at ? row.scheduled_at.toISOString() : null,
    status: row.status,
    audience_count: row.audience_count,
    sent_count: row.sent_count,
    failed_count: row.failed_count,
    eta: eta ? eta.toISOString() : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
