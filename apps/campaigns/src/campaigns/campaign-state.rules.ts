import { CampaignErrors, type CampaignStatus, type CampaignType } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';

/**
 * The state a new campaign starts in: `draft` when asked for; otherwise by type (ongoing →
 * `enabled`; one_off with a future `scheduled_at` → `scheduled`, without one or in the past →
 * `running` at once).
 */
export function initialStatus(type: CampaignType, draft: boolean, scheduledAt: Date | null, now: Date): CampaignStatus {
  if (draft) return 'draft';
  if (type === 'ongoing') return 'enabled';
  return scheduledAt && scheduledAt.getTime() > now.getTime() ? 'scheduled' : 'running';
}

const PAUSABLE: readonly CampaignStatus[] = ['scheduled', 'running', 'enabled'];

/** Pause applies to a campaign in progress: it remembers where it was. */
export function paused(status: CampaignStatus): { status: 'paused'; pausedFrom: CampaignStatus } {
  if (!PAUSABLE.includes(status))
    throw new DomainError(
      CampaignErrors.notPausable,
      `A ${status} campaign cannot be paused (only scheduled, running or enabled ones)`,
      ['status'],
    );
  return { status: 'paused', pausedFrom: status };
}

/**
 * Resume returns to the state it was paused from; a one-off whose time has passed continues as
 * `running`. A draft is launched by resume: it takes the state its type and time give.
 */
export function resumed(
  status: CampaignStatus,
  pausedFrom: CampaignStatus | null,
  type: CampaignType,
  scheduledAt: Date | null,
  now: Date,
): CampaignStatus {
  if (status === 'draft') return initialStatus(type, false, scheduledAt, now);
  if (status !== 'paused' || !pausedFrom)
    throw new DomainError(CampaignErrors.notResumable, `A ${status} campaign cannot be resumed (only paused ones)`, [
      'status',
    ]);
  if (pausedFrom === 'scheduled' && (!scheduledAt || scheduledAt.getTime() <= now.getTime())) return 'running';
  return pausedFrom;
}

/** Edits only in `draft` or `paused`: executed campaigns are history. */
export function assertEditable(status: CampaignStatus): void {
  if (status !== 'draft' && status !== 'paused')
    throw new DomainError(
      CampaignErrors.notEditable,
      `A ${status} campaign cannot be edited (only draft or paused ones)`,
      ['status'],
    );
}

export function assertDeletable(status: CampaignStatus): void {
  if (status !== 'draft')
    throw new DomainError(CampaignErrors.notDeletable, `A ${status} campaign cannot be deleted (only drafts)`, [
      'status',
    ]);
}

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** `scheduled_at` as a time: ISO 8601 only (null or absent: none). */
export function scheduledTime(value: string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const time = typeof value === 'string' && ISO_8601.test(value.trim()) ? new Date(value.trim()) : null;
  if (!time || Number.isNaN(time.getTime()))
    throw new DomainError(CampaignErrors.scheduledAtInvalid, 'scheduled_at must be an ISO 8601 date and time', [
      'scheduled_at',
    ]);
  return time;
}
