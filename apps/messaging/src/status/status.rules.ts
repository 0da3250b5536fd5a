import { ConversationErrors, type ConversationStatus, type ToggleStatusInput } from '@parley/contracts';
import { DomainError, parseDate } from '@parley/service-kit';

export interface StatusChange {
  status: ConversationStatus;
  snoozedUntil: Date | null;
}

/**
 * What `toggle_status` does: without a status, open ↔ resolved and pending/snoozed → open;
 * with one, that status. `snoozed_until` (ISO 8601 or Unix seconds) only goes with `snoozed`
 * and must lie in the future; a snooze without it lasts until the next incoming message.
 */
export function nextStatus(current: ConversationStatus, input: ToggleStatusInput, now: Date): StatusChange {
  const status = input.status ?? (current === 'open' ? 'resolved' : 'open');
  if (status !== 'snoozed') return { status, snoozedUntil: null };
  if (input.snoozed_until === undefined || input.snoozed_until === null || input.snoozed_until === '')
    return { status, snoozedUntil: null };
  const until = parseDate(input.snoozed_until);
  if (!until)
    throw new DomainError(
      ConversationErrors.snoozeTimeInvalid,
      'snoozed_until must be an ISO 8601 time or Unix seconds',
      ['snoozed_until'],
    );
  if (until.getTime() <= now.getTime())
    throw new DomainError(ConversationErrors.snoozeTimePast, 'snoozed_until must be in the future', ['snoozed_until']);
  return { status, snoozedUntil: until };
}

/** Whether an incoming message wakes the conversation up, and to what. */
export function statusAfterIncoming(options: {
  status: ConversationStatus;
  snoozedUntil: Date | null;
  allowMessagesAfterResolved: boolean;
  muted: boolean;
  contactBlocked: boolean;
}): ConversationStatus | null {
  if (options.contactBlocked) return null;
  if (options.status === 'resolved' && options.allowMessagesAfterResolved && !options.muted) return 'open';
  if (options.status === 'snoozed' && options.snoozedUntil === null) return 'open';
  return null;
}
