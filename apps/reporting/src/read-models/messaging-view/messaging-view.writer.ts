/** @owns reporting.inboxes_view, reporting.teams_view, reporting.labels_view, reporting.users_view, reporting.agents_view */
import { Injectable } from '@nestjs/common';
import type { AccountUserEventData, InboxSnapshot, Label, TeamSnapshot, UserEventData } from '@parley/contracts';
import type { EntityManager } from 'typeorm';

/**
 * The one way reporting's copy of messaging's inboxes, teams, labels and agents is written.
 * Each row remembers when its source happened, so an older event arriving late changes nothing;
 * a deletion is kept as a tombstone (past reports still name the entity).
 */
@Injectable()
export class MessagingViewWriter {
  async recordInbox(tx: EntityManager, inbox: InboxSnapshot, at: Date, deleted = false): Promise<void> {
    await tx.query(
      `INSERT INTO reporting.inboxes_view AS v (id, account_id, name, working_hours_enabled, working_hours, timezone, csat_survey_enabled, deleted, source_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, working_hours_enabled = EXCLUDED.working_hours_enabled,
         working_hours = EXCLUDED.working_hours, timezone = EXCLUDED.timezone, csat_survey_enabled = EXCLUDED.csat_survey_enabled,
         deleted = v.deleted OR EXCLUDED.deleted, source_at = EXCLUDED.source_at
       WHERE v.source_at <= EXCLUDED.source_at`,
      [inbox.id, inbox.account_id, inbox.name, inbox.working_hours_enabled, JSON.stringify(inbox.working_hours ?? []), inbox.timezone, inbox.csat_survey_enabled, deleted, at],
    );
  }

  async recordTeam(tx: EntityManager, team: TeamSnapshot, at: Date, deleted = false): Promise<void> {
    await tx.query(
      `INSERT INTO reporting.teams_view AS v (id, account_id, name, deleted, source_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, deleted = v.deleted OR EXCLUDED.deleted, source_at = EXCLUDED.source_at
       WHERE v.source_at <= EXCLUDED.source_at`,
      [team.id, team.account_id, team.name, deleted, at],
    );
  }

  async recordLabel(tx: EntityManager, accountId: number, label: Label, at: Date, deleted = false): Promise<void> {
    await tx.query(
      `INSERT INTO reporting.labels_view AS v (id, account_id, title, deleted, source_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, deleted = v.deleted OR EXCLUDED.deleted, source_at = EXCLUDED.source_at
       WHERE v.source_at <= EXCLUDED.source_at`,
      [label.id, accountId, label.title, deleted, at],
    );
  }

  async recordUser(tx: EntityManager, user: UserEventData, at: Date): Promise<void> {
    await tx.query(
      `INSERT INTO reporting.users_view AS v (id, name, source_at) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, source_at = EXCLUDED.source_at WHERE v.source_at <= EXCLUDED.source_at`,
      [user.user_id, user.name, at],
    );
  }

  async recordAgent(tx: EntityManager, member: AccountUserEventData, at: Date, deleted = false): Promise<void> {
    await tx.query(
      `INSERT INTO reporting.agents_view AS v (account_id, user_id, role, availability_status, deleted, source_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (account_id, user_id) DO UPDATE SET role = EXCLUDED.role, availability_status = EXCLUDED.availability_status,
         deleted = EXCLUDED.deleted, source_at = EXCLUDED.source_at
       WHERE v.source_at <= EXCLUDED.source_at`,
      [member.account_id, member.user_id, member.role, member.availability_status, deleted, at],
    );
  }

  /** Forgets a deleted account's inboxes, teams, labels and agents (its users may belong to other accounts: they stay). */
  async forgetAccount(tx: EntityManager, accountId: number): Promise<void> {
    for (const table of ['inboxes_view', 'teams_view', 'labels_view', 'agents_view']) {
      await tx.query(`DELETE FROM reporting.${table} WHERE account_id = $1`, [accountId]);
    }
  }
}
