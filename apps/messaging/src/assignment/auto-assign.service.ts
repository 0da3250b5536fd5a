import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ConversationChangesService, type AssigneePick } from '../conversations/conversation-changes.service';
import { openConversationsHeld } from '../conversations/conversation.loader';
import type { ConversationRow } from '../conversations/conversation.writer';
import { onlineAgentsOf } from '../identity/identity.loader';
import { InboxesLoader, membersOfInbox } from '../inboxes/inboxes.loader';
import { membersOfTeam, TeamsLoader } from '../teams/teams.loader';
import { RECORD_ROTATION, ROTATION_ORDER_JOIN } from './persistence/assignment-rotation.row';

/**
 * Round-robin over an inbox's members who are online: least recently auto-assigned first;
 * with a team that allows auto-assignment, only its members; nobody at the inbox's
 * `max_assignment_limit` of open conversations. A transaction-scoped advisory lock per inbox
 * makes concurrent picks (any replica) see each other's assignments. The pick is one statement
 * over the inbox's members, their memberships and teams, read where they are (each owner's
 * fragment). Registered with ConversationChangesService, which runs it whenever a conversation
 * is (or becomes) open without an assignee.
 */
@Injectable()
export class AutoAssignService {
  constructor(
    changes: ConversationChangesService,
    private readonly inboxes: InboxesLoader,
    private readonly teams: TeamsLoader,
  ) {
    changes.useAssigneePick((tx, conversation, options) => this.pick(tx, conversation, options));
  }

  /** `evenWhenDisabled`: an explicit request (a rule's assign_best_agent) picks even where the inbox does not auto-assign. */
  async pick(
    tx: EntityManager,
    conversation: ConversationRow,
    options: { evenWhenDisabled?: boolean } = {},
  ): ReturnType<AssigneePick> {
    const inbox = await this.inboxes.assignmentSettings(tx, conversation.inbox_id);
    if (!inbox || (!inbox.enable_auto_assignment && !options.evenWhenDisabled)) return null;
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('parley-auto-assign'), $1)`, [conversation.inbox_id]);

    const params: unknown[] = [conversation.inbox_id, conversation.account_id];
    const conditions: string[] = [];
    if (conversation.team_id !== null && (await this.teams.allowsAutoAssign(tx, conversation.team_id))) {
      params.push(conversation.team_id);
      conditions.push(`a.id IN (${membersOfTeam(`$${params.length}`)})`);
    }
    if (inbox.max_assignment_limit !== null) {
      params.push(inbox.max_assignment_limit);
      conditions.push(`(${openConversationsHeld('$1', 'a.id')}) < $${params.length}`);
    }
    const [candidate]: Array<{ id: number; name: string }> = await tx.query(
      `SELECT a.id, a.name
         FROM (${onlineAgentsOf('$2')}) a
         ${ROTATION_ORDER_JOIN}
        WHERE a.id IN (${membersOfInbox('$1')}) ${conditions.map((condition) => `AND ${condition}`).join(' ')}
        ORDER BY r.last_assigned_at ASC NULLS FIRST, a.id ASC
        LIMIT 1`,
      params,
    );
    if (!candidate) return null;
    await tx.query(RECORD_ROTATION, [conversation.inbox_id, candidate.id]);
    return candidate;
  }
}
