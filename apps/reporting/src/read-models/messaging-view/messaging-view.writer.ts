/** @owns reporting.inboxes_view, reporting.teams_view, reporting.labels_view, reporting.users_view, reporting.agents_view */
import { Injectable } from '@nestjs/common';
import type { AccountUserEventData, InboxSnapshot, Label, TeamSnapshot, UserEventData } from '@parley/contracts';
import { VersionedView } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';

/** A label of an account (its events carry the account beside the label). */
export type AccountLabel = Label & { account_id: number };

/**
 * The one way reporting's copy of messaging's inboxes, teams, labels, users and agents is written
 * (see VersionedView): an older event arriving late changes nothing; a deletion is a final
 * tombstone that keeps the row (past reports still name the entity).
 */
@Injectable()
export class MessagingViewWriter {
  readonly inboxes = new VersionedView<InboxSnapshot>({
    table: 'reporting.inboxes_view',
    key: ['id'],
    columns: [
      { name: 'id', type: 'int', value: (inbox) => inbox.id },
      { name: 'account_id', type: 'int', value: (inbox) => inbox.account_id },
      { name: 'name', type: 'text', value: (inbox) => inbox.name },
      { name: 'working_hours_enabled', type: 'bool', value: (inbox) => inbox.working_hours_enabled },
      { name: 'working_hours', type: 'jsonb', value: (inbox) => inbox.working_hours ?? [] },
      { name: 'timezone', type: 'text', value: (inbox) => inbox.timezone },
      { name: 'csat_survey_enabled', type: 'bool', value: (inbox) => inbox.csat_survey_enabled },
    ],
  });

  readonly teams = new VersionedView<TeamSnapshot>({
    table: 'reporting.teams_view',
    key: ['id'],
    columns: [
      { name: 'id', type: 'int', value: (team) => team.id },
      { name: 'account_id', type: 'int', value: (team) => team.account_id },
      { name: 'name', type: 'text', value: (team) => team.name },
    ],
  });

  readonly labels = new VersionedView<AccountLabel>({
    table: 'reporting.labels_view',
    key: ['id'],
    columns: [
      { name: 'id', type: 'int', value: (label) => label.id },
      { name: 'account_id', type: 'int', value: (label) => label.account_id },
      { name: 'title', type: 'text', value: (label) => label.title },
    ],
  });

  /** Users belong to no account: their names serve every account they are an agent of. */
  readonly users = new VersionedView<UserEventData>({
    table: 'reporting.users_view',
    key: ['id'],
    columns: [
      { name: 'id', type: 'int', value: (user) => user.user_id },
      { name: 'name', type: 'text', value: (user) => user.name },
    ],
  });

  readonly agents = new VersionedView<AccountUserEventData>({
    table: 'reporting.agents_view',
    key: ['account_id', 'user_id'],
    columns: [
      { name: 'account_id', type: 'int', value: (member) => member.account_id },
      { name: 'user_id', type: 'int', value: (member) => member.user_id },
      { name: 'role', type: 'text', value: (member) => member.role },
      { name: 'availability_status', type: 'text', value: (member) => member.availability_status },
    ],
  });

  /** Forgets a deleted account's inboxes, teams, labels and agents (its users may belong to other accounts: they stay). */
  async forgetAccount(tx: EntityManager, accountId: number): Promise<void> {
    for (const table of ['inboxes_view', 'teams_view', 'labels_view', 'agents_view']) {
      await tx.query(`DELETE FROM reporting.${table} WHERE account_id = $1`, [accountId]);
    }
  }
}
