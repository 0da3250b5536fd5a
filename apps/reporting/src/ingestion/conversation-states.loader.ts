import { Injectable } from '@nestjs/common';
import type { ConversationMetrics, LiveConversationCounts, ReportScope } from '@parley/contracts';
import type { EntityManager } from 'typeorm';

const SCOPE_FILTERS: Record<ReportScope, string> = {
  account: 'TRUE',
  agent: 's.assignee_id = $2',
  inbox: 's.inbox_id = $2',
  team: 's.team_id = $2',
  label: '$2::text = ANY(s.labels)',
};

/**
 * Counts over conversations' current state (live reports, open conversations now). Unattended:
 * open and waiting for a person's reply (an incoming message not answered yet).
 */
@Injectable()
export class ConversationStatesLoader {
  /** The scope's conversations now: open, open and waiting for a reply, open and unassigned. */
  async countsIn(
    tx: EntityManager,
    accountId: number,
    scope: ReportScope,
    id: number | string,
  ): Promise<ConversationMetrics> {
    const [row] = await tx.query(
      `SELECT count(*)::int AS open,
         count(*) FILTER (WHERE s.waiting_since IS NOT NULL)::int AS unattended,
         count(*) FILTER (WHERE s.assignee_id IS NULL)::int AS unassigned
       FROM reporting.conversation_states s WHERE s.account_id = $1 AND NOT s.deleted AND s.status = 'open'
       AND ${SCOPE_FILTERS[scope]} ${scope === 'account' ? 'AND $2::int IS NULL' : ''}`,
      [accountId, scope === 'account' ? null : id],
    );
    return row;
  }

  async liveCounts(
    tx: EntityManager,
    accountId: number,
  ): Promise<Array<LiveConversationCounts & { team_id: number | null }>> {
    return tx.query(
      `SELECT s.team_id,
         count(*) FILTER (WHERE s.status = 'open')::int AS open,
         count(*) FILTER (WHERE s.status = 'open' AND s.waiting_since IS NOT NULL)::int AS unattended,
         count(*) FILTER (WHERE s.status = 'open' AND s.assignee_id IS NULL)::int AS unassigned,
         count(*) FILTER (WHERE s.status = 'pending')::int AS pending
       FROM reporting.conversation_states s WHERE s.account_id = $1 AND NOT s.deleted GROUP BY s.team_id ORDER BY s.team_id NULLS FIRST`,
      [accountId],
    );
  }

  async openPerAssignee(tx: EntityManager, accountId: number): Promise<Map<number, number>> {
    const rows: Array<{ assignee_id: number; count: number }> = await tx.query(
      `SELECT assignee_id, count(*)::int AS count FROM reporting.conversation_states
       WHERE account_id = $1 AND NOT deleted AND status = 'open' AND assignee_id IS NOT NULL GROUP BY assignee_id`,
      [accountId],
    );
    return new Map(rows.map((row) => [row.assignee_id, row.count]));
  }
}
