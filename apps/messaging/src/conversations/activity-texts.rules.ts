import type { ConversationStatus } from '@parley/contracts';

/** Who did something: an agent by name, or the system (automatic actions). */
export type ActorName = string | null;

const by = (actor: ActorName) => (actor ? ` by ${actor}` : '');

export function statusActivity(
  status: ConversationStatus,
  actor: ActorName,
  reason?: 'snooze_elapsed' | 'incoming',
): string {
  if (status === 'open') {
    if (reason === 'snooze_elapsed') return 'Conversation was reopened: the snooze time is over';
    if (reason === 'incoming') return 'Conversation was reopened by a new incoming message';
    return `Conversation was reopened${by(actor)}`;
  }
  if (status === 'resolved') return `Conversation was marked resolved${by(actor)}`;
  if (status === 'pending') return `Conversation was marked pending${by(actor)}`;
  return `Conversation was snoozed${by(actor)}`;
}

export function assigneeActivity(assigneeName: string | null, actor: ActorName, automatic: boolean): string {
  if (!assigneeName) return `Conversation was unassigned${by(actor)}`;
  return automatic ? `Assigned to ${assigneeName} by auto-assignment` : `Assigned to ${assigneeName}${by(actor)}`;
}

export function teamActivity(teamName: string | null, actor: ActorName): string {
  return teamName ? `Assigned to team ${teamName}${by(actor)}` : `Unassigned from the team${by(actor)}`;
}
