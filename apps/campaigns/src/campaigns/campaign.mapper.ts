import type { Campaign } from '@parley/contracts';
import { estimatedCompletion } from './send-pace.rules';
import type { CampaignEntity } from './persistence/campaign.orm-entity';

/** The campaign as clients see it; `eta` only while running. */
export function toCampaign(entity: CampaignEntity, configuredRate: number, now = new Date()): Campaign {
  const done = entity.sentCount + entity.failedCount;
  const eta =
    entity.status === 'running' && entity.audienceResolved
      ? estimatedCompletion({ audienceCount: entity.audienceCount, done, runStartedAt: entity.runStartedAt, runDoneAtStart: entity.runDoneAtStart }, configuredRate, now)
      : null;
  return {
    id: entity.id,
    account_id: entity.accountId,
    title: entity.title,
    message: entity.message,
    inbox_id: entity.inboxId,
    campaign_type: entity.campaignType,
    sender_id: entity.senderId,
    trigger_only_during_business_hours: entity.triggerOnlyDuringBusinessHours,
    trigger_rules: entity.triggerRules,
    audience: entity.audience,
    scheduled_at: entity.scheduledAt ? entity.scheduledAt.toISOString() : null,
    status: entity.status,
    audience_count: entity.audienceCount,
    sent_count: entity.sentCount,
    failed_count: entity.failedCount,
    eta: eta ? eta.toISOString() : null,
    created_at: entity.createdAt.toISOString(),
    updated_at: entity.updatedAt.toISOString(),
  };
}
