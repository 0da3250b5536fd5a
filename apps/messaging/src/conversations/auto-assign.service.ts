import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { InboxesLoader } from '../inboxes/inboxes.loader';
import { TeamsLoader } from '../teams/teams.loader';
import type { ConversationEntity } from './persistence/conversation.orm-entity';

export interface Candidate {
  id: number;
  name: string;
}

/**
 * Round-robin over an inbox's members who are online: least recently auto-assigned first;
 * with a team that allows auto-assignment, only its members; nobody at the inbox's
 * `max_assignment_limit` of open conversations. A transaction-scoped advisory lock per inbox
 * makes concurrent picks (any replica) see each other's assignments. The pick is one statement
 * over the inbox's members, their memberships and teams, read where they are.
 */
@Injectable()
export class AutoAssignService {
  constructor(
    private readonly inboxes: InboxesLoader,
    private readonly teams: TeamsLoader,
  ) {}

  /** `evenWhenDisabled`: an explicit request (a rule's assign_best_agent) picks even where the inbox does not auto-assign. */
  async pick(tx: EntityManager, conversation: ConversationEntity, options: { evenWhenDisabled?: boolean } = {}): Promise<Candidate | null> {
    const inbox = await this.inboxes.assignmentSettings(tx, conversation.inboxId);
    if (!inbox || (!inbox.enable_auto_assignment && !options.evenWhenDisabled)) return null;
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('parley-auto-assign'), $1)`, [conversation.inboxId]);

    const params: unknown[] = [conversation.inboxId, conversation.accountId];
    const conditions: string[] = [];
    if (conversation.teamId !== null && (await this.teams.allowsAutoAssign(tx, conversation.teamId))) {
      params.push(conversation.teamId);
      conditions.push(`EXISTS (SELECT 1 FROM messaging.team_members tm WHERE tm.team_id = $${params.length} AND tm.user_id = im.user_id)`);
    }
    if (inbox.max_assignment_limit !== null) {
      params.push(inbox.max_assignment_limit);
      conditions.push(
        `(SELECT count(*) FROM messaging.conversations c WHERE c.inbox_id = $1 AND c.assignee_id = im.user_id AND c.status = 'open') < $${params.length}`,
      );
    }
    const [candidate]: Candidate[] = await tx.query(
      `SELECT u.id, coalesce(u.display_name, u.name) AS name
         FROM messaging.inbox_members im
         JOIN messaging.account_users au ON au.user_id = im.user_id AND au.account_id = $2 AND au.availability_status = 'online'
         JOIN messaging.users u ON u.id = im.user_id AND u.confirmed
         LEFT JOIN messaging.assignment_rotation r ON r.inbox_id = im.inbox_id AND r.user_id = im.user_id
        WHERE im.inbox_id = $1 ${conditions.map((condition) => `AND ${condition}`).join(' ')}
        ORDER BY r.last_assigned_at ASC NULLS FIRST, im.user_id ASC
        LIMIT 1`,
      params,
    );
    if (!candidate) return null;
    await tx.query(
      `INSERT INTO messaging.assignment_rotation (inbox_id, user_id, last_assigned_at) VALUES ($1, $2, clock_timestamp())
       ON CONFLICT (inbox_id, user_id) DO UPDATE SET last_assigned_at = EXCLUDED.last_assigned_at`,
      [conversation.inboxId, candidate.id],
    );
    return candidate;
  }
}
