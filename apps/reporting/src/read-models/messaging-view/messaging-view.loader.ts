import { Injectable } from '@nestjs/common';
import type { BusinessHours, WorkingDay } from '@parley/domain-rules';
import { preparedQuery } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';

/**
 * The title of the account's label (`accountExpr`, `idExpr` name them in the caller's
 * statement), tombstones included: a fragment for the model's one-statement label-key read.
 */
export function labelTitleOf(accountExpr: string, idExpr: string): string {
  return `(SELECT title FROM reporting.labels_view WHERE account_id = ${accountExpr} AND id = ${idExpr})`;
}

/** The account's live labels (`id`, `name`: the title), a relation for the model's label list beside its keys. */
export function liveLabelsOf(accountExpr: string): string {
  return `(SELECT id, title AS name FROM reporting.labels_view WHERE account_id = ${accountExpr} AND NOT deleted)`;
}

/** Reads of reporting's copy of messaging: inboxes' working hours, and the names reports show. */
@Injectable()
export class MessagingViewLoader {
  /** The working hours of each inbox known here; an inbox not known yet counts every hour. */
  async hours(tx: EntityManager, inboxIds: number[]): Promise<Map<number, BusinessHours>> {
    const ids = [...new Set(inboxIds)];
    if (ids.length === 0) return new Map();
    const rows = await preparedQuery<{
      id: number;
      working_hours_enabled: boolean;
      working_hours: WorkingDay[];
      timezone: string;
    }>(
      tx,
      'reporting_inbox_hours',
      `SELECT id, working_hours_enabled, working_hours, timezone FROM reporting.inboxes_view WHERE id = ANY($1::int[])`,
      [ids],
    );
    return new Map(
      rows.map((row) => [
        row.id,
        { enabled: row.working_hours_enabled, timezone: row.timezone, days: row.working_hours },
      ]),
    );
  }

  /** The entities of a kind that reports list, with their names, by id (the model's key is the id; labels are the model's). */
  async entities(
    tx: EntityManager,
    accountId: number,
    kind: 'agent' | 'inbox' | 'team',
  ): Promise<Array<{ id: number; name: string | null; key: number | null }>> {
    const sql = {
      agent: `SELECT a.user_id AS id, u.name, a.user_id AS key FROM reporting.agents_view a LEFT JOIN reporting.users_view u ON u.id = a.user_id
              WHERE a.account_id = $1 AND NOT a.deleted ORDER BY a.user_id`,
      inbox: `SELECT id, name, id AS key FROM reporting.inboxes_view WHERE account_id = $1 AND NOT deleted ORDER BY id`,
      team: `SELECT id, name, id AS key FROM reporting.teams_view WHERE account_id = $1 AND NOT deleted ORDER BY id`,
    }[kind];
    return tx.query(sql, [accountId]);
  }

  /** The account's agents now: availability and name. */
  async agents(
    tx: EntityManager,
    accountId: number,
  ): Promise<Array<{ id: number; name: string | null; availability_status: string }>> {
    return tx.query(
      `SELECT a.user_id AS id, u.name, a.availability_status FROM reporting.agents_view a LEFT JOIN reporting.users_view u ON u.id = a.user_id
       WHERE a.account_id = $1 AND NOT a.deleted ORDER BY a.user_id`,
      [accountId],
    );
  }

  async teamNames(tx: EntityManager, accountId: number): Promise<Map<number, string>> {
    const rows: Array<{ id: number; name: string }> = await tx.query(
      `SELECT id, name FROM reporting.teams_view WHERE account_id = $1`,
      [accountId],
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  async labelTitle(tx: EntityManager, accountId: number, id: number): Promise<string | null> {
    const rows: Array<{ title: string }> = await tx.query(
      `SELECT title FROM reporting.labels_view WHERE account_id = $1 AND id = $2`,
      [accountId, id],
    );
    return rows[0]?.title ?? null;
  }
}
