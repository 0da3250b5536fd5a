import { Injectable } from '@nestjs/common';
import {
  ConversationEvents,
  type AccountScoped,
  type ChangedAttributes,
  type Conversation,
  type ConversationStatus,
  type Priority,
} from '@parley/contracts';
import { changedAttributes, currentRequestContext, Outbox, toUnixSeconds, type Emit } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { IdentityLoader } from '../identity/identity.loader';
import { TeamsLoader } from '../teams/teams.loader';
import { assigneeActivity, statusActivity, teamActivity, type ActorName } from './activity-texts.rules';
import { ConversationAccessService } from './conversation-access.service';
import { ConversationLoader } from './conversation.loader';
import { MessageWriter } from './message.writer';
import { INSERT_STATUS_CHANGE } from './persistence/conversation-status-change.row';
import type { ConversationRow } from './persistence/conversation.row';

export interface Change {
  status?: ConversationStatus;
  snoozedUntil?: Date | null;
  assigneeId?: number | null;
  teamId?: number | null;
  priority?: Priority | null;
  labels?: string[];
  customAttributes?: Record<string, unknown>;
  muted?: boolean;
}

export interface ChangeContext {
  /** The agent's name for activity messages; null for automatic changes. */
  actor: ActorName;
  statusReason?: 'snooze_elapsed' | 'incoming';
  automaticAssignment?: boolean;
}

interface Tracked {
  status: ConversationStatus;
  snoozed_until: number | null;
  assignee_id: number | null;
  team_id: number | null;
  priority: Priority | null;
  labels: string[];
  custom_attributes: Record<string, unknown>;
  muted: boolean;
}

/**
 * Work another feature does inside the transaction of a change into `resolved` (a CSAT survey):
 * registered by that feature, so it depends on this one and never the reverse.
 */
export type ResolvedFollowUp = (tx: EntityManager, emit: Emit, conversation: ConversationRow) => Promise<void>;

/** The round-robin's pick of an assignee for a conversation (assignment/ registers it), or null when nobody can take it. */
export type AssigneePick = (
  tx: EntityManager,
  conversation: ConversationRow,
  options: { evenWhenDisabled?: boolean },
) => Promise<{ id: number; name: string } | null>;

const TRACKED: Array<keyof Tracked> = [
  'status',
  'snoozed_until',
  'assignee_id',
  'team_id',
  'priority',
  'labels',
  'custom_attributes',
];

/** Who changed a status, for the record: the user of the request, else its origin (`automation:<id>`, `system`, …). */
function changeActor(): string | null {
  const context = currentRequestContext();
  return context?.caller ? `user:${context.caller.user_id}` : (context?.origin ?? null);
}

function tracked(row: ConversationRow): Tracked {
  return {
    status: row.status,
    snoozed_until: toUnixSeconds(row.snoozed_until),
    assignee_id: row.assignee_id,
    team_id: row.team_id,
    priority: row.priority,
    labels: [...row.labels],
    custom_attributes: { ...row.custom_attributes },
    muted: row.muted,
  };
}

/** The columns a change may write. */
const WRITABLE = [
  'status',
  'snoozed_until',
  'assignee_id',
  'assigned_at',
  'team_id',
  'priority',
  'labels',
  'custom_attributes',
  'muted',
] as const;

/** Writes the columns of `row` that differ from `before` (and its update time) in one statement. */
async function saveChanged(
  tx: EntityManager,
  row: ConversationRow,
  before: Pick<ConversationRow, (typeof WRITABLE)[number]>,
): Promise<void> {
  const columns = WRITABLE.filter((column) => JSON.stringify(row[column]) !== JSON.stringify(before[column]));
  const sets = columns.map((column, index) => `${column} = $${index + 2}`);
  const [{ updated_at: updatedAt }]: Array<{ updated_at: Date }> = await tx.query(
    `UPDATE messaging.conversations SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1 RETURNING updated_at`,
    [row.id, ...columns.map((column) => row[column])],
  );
  row.updated_at = updatedAt;
}

/**
 * The one place a conversation's state changes: saves, records activity messages, publishes
 * the events (updated with changed attributes, status changed / opened / resolved, assignee
 * and team changed), and auto-assigns a conversation that becomes open without an assignee.
 */
@Injectable()
export class ConversationChangesService {
  private readonly resolvedFollowUps: ResolvedFollowUp[] = [];
  private assigneePick: AssigneePick = async () => null;

  constructor(
    private readonly access: ConversationAccessService,
    private readonly outbox: Outbox,
    private readonly loader: ConversationLoader,
    private readonly messages: MessageWriter,
    private readonly identity: IdentityLoader,
    private readonly teams: TeamsLoader,
  ) {}

  /** The round-robin that auto-assignment uses (without one, nobody is auto-assigned). */
  useAssigneePick(pick: AssigneePick): void {
    this.assigneePick = pick;
  }

  /** Runs `followUp` in every change into `resolved`, once per resolution, after the resolved event. */
  onResolved(followUp: ResolvedFollowUp): void {
    this.resolvedFollowUps.push(followUp);
  }

  /** A caller's change: locks the conversation, lets `decide` work out the change, applies it. */
  async update(
    scope: AccountScoped,
    displayId: number,
    decide: (tx: EntityManager, conversation: ConversationRow) => Promise<Change>,
  ): Promise<Conversation> {
    const id = await this.outbox.transaction(async (tx, emit) => {
      const conversation = await this.access.find(scope, displayId, { tx, lock: true });
      const change = await decide(tx, conversation);
      await this.apply(tx, emit, conversation, change, {
        actor: await this.identity.shownName(tx, scope.caller.user_id),
      });
      return conversation.id;
    });
    return this.loader.conversation(id);
  }

  async apply(
    tx: EntityManager,
    emit: Emit,
    conversation: ConversationRow,
    change: Change,
    context: ChangeContext,
  ): Promise<ChangedAttributes> {
    const before = tracked(conversation);
    const stored = { ...conversation };
    if (change.status !== undefined) {
      conversation.status = change.status;
      conversation.snoozed_until = change.status === 'snoozed' ? (change.snoozedUntil ?? null) : null;
    }
    if (change.assigneeId !== undefined) {
      conversation.assignee_id = change.assigneeId;
      if (change.assigneeId !== null && change.assigneeId !== before.assignee_id) conversation.assigned_at = new Date();
    }
    if (change.teamId !== undefined) conversation.team_id = change.teamId;
    if (change.priority !== undefined) conversation.priority = change.priority;
    if (change.labels !== undefined) conversation.labels = change.labels;
    if (change.customAttributes !== undefined) conversation.custom_attributes = change.customAttributes;
    if (change.muted !== undefined) conversation.muted = change.muted;
    const after = tracked(conversation);
    const changes = changedAttributes(before, after, TRACKED);
    if (changes.length === 0 && before.muted === after.muted) return [];

    await saveChanged(tx, conversation, stored);
    const statusChanged = before.status !== after.status;
    if (statusChanged) {
      await this.activity(tx, emit, conversation, statusActivity(after.status, context.actor, context.statusReason));
    }
    if (before.assignee_id !== after.assignee_id) {
      const name =
        after.assignee_id === null
          ? null
          : ((await this.identity.shownName(tx, after.assignee_id)) ?? `agent ${after.assignee_id}`);
      await this.activity(
        tx,
        emit,
        conversation,
        assigneeActivity(name, context.actor, context.automaticAssignment ?? false),
      );
    }
    if (before.team_id !== after.team_id) {
      const name =
        after.team_id === null ? null : ((await this.teams.name(tx, after.team_id)) ?? `team ${after.team_id}`);
      await this.activity(tx, emit, conversation, teamActivity(name, context.actor));
    }

    const snapshot = await this.loader.snapshot(conversation.id, tx);
    const accountId = conversation.account_id;
    if (changes.length > 0)
      await emit(ConversationEvents.updated, accountId, { conversation: snapshot, changed_attributes: changes });
    if (statusChanged) {
      // Kept for rebuilt reports; its time is the event's (taken together).
      const changedAt = new Date();
      await emit(ConversationEvents.statusChanged, accountId, {
        conversation: snapshot,
        previous_status: before.status,
      });
      await tx.query(INSERT_STATUS_CHANGE, [conversation.id, before.status, after.status, changedAt, changeActor()]);
      if (after.status === 'open') await emit(ConversationEvents.opened, accountId, { conversation: snapshot });
      if (after.status === 'resolved') await emit(ConversationEvents.resolved, accountId, { conversation: snapshot });
      if (after.status === 'resolved')
        for (const followUp of this.resolvedFollowUps) await followUp(tx, emit, conversation);
    }
    if (before.assignee_id !== after.assignee_id) {
      await emit(ConversationEvents.assigneeChanged, accountId, {
        conversation: snapshot,
        previous_assignee_id: before.assignee_id,
      });
    }
    if (before.team_id !== after.team_id) {
      await emit(ConversationEvents.teamChanged, accountId, {
        conversation: snapshot,
        previous_team_id: before.team_id,
      });
    }
    const teamGainedWithoutAssignee =
      change.teamId !== undefined && before.team_id !== after.team_id && change.assigneeId === undefined;
    if ((statusChanged || teamGainedWithoutAssignee) && after.status === 'open' && after.assignee_id === null) {
      await this.autoAssign(tx, emit, conversation);
    }
    return changes;
  }

  /** Gives an open, unassigned conversation to the next agent in the rotation, if any can take it. */
  async autoAssign(
    tx: EntityManager,
    emit: Emit,
    conversation: ConversationRow,
    options: { evenWhenDisabled?: boolean } = {},
  ): Promise<boolean> {
    const candidate = await this.assigneePick(tx, conversation, options);
    if (!candidate) return false;
    await this.apply(tx, emit, conversation, { assigneeId: candidate.id }, { actor: null, automaticAssignment: true });
    return true;
  }

  private async activity(tx: EntityManager, emit: Emit, conversation: ConversationRow, content: string): Promise<void> {
    await this.messages.write(tx, emit, conversation, { content, messageType: 'activity' });
  }
}
