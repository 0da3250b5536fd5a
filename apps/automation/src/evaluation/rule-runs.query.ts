import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AutomationRuleErrors,
  RULE_RUNS_PAGE_SIZE,
  RULE_RUNS_RETENTION_DAYS,
  type AutomationRuleRunPage,
} from '@parley/contracts';
import { DomainError, toUnixSeconds } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { RulesLoader } from '../rules/rules.loader';
import type { RuleRunRow } from './persistence/rule-run.row';

/**
 * The run log of a rule, newest event first (conversations of one batch are evaluated side by
 * side, so the order runs were written in is not the events' order); rows older than the
 * retention are gone or about to be.
 */
@Injectable()
export class RuleRunsQuery {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rules: RulesLoader,
  ) {}

  async page(accountId: number, ruleId: number, page = 1): Promise<AutomationRuleRunPage> {
    if (!(await this.rules.exists(accountId, ruleId)))
      throw new DomainError(AutomationRuleErrors.notFound, 'Automation rule not found');
    const window = `created_at > now() - interval '${RULE_RUNS_RETENTION_DAYS} days'`;
    // One snapshot for the page and the count: runs committed between two reads would make them disagree.
    const [rows, [{ count }]]: [RuleRunRow[], Array<{ count: number }>] = await this.dataSource.transaction(
      'REPEATABLE READ',
      async (tx) => [
        await tx.query(
          `SELECT id, event_id, event_name, conversation_id, matched, actions, created_at FROM automation.rule_runs
            WHERE rule_id = $1 AND ${window} ORDER BY occurred_at DESC, id DESC LIMIT $2 OFFSET $3`,
          [ruleId, RULE_RUNS_PAGE_SIZE, (page - 1) * RULE_RUNS_PAGE_SIZE],
        ),
        await tx.query(`SELECT count(*)::int AS count FROM automation.rule_runs WHERE rule_id = $1 AND ${window}`, [
          ruleId,
        ]),
      ],
    );
    return {
      meta: { count, current_page: page },
      payload: rows.map((row) => ({
        id: Number(row.id),
        event_id: row.event_id,
        event_name: row.event_name,
        conversation_id: row.conversation_id,
        matched: row.matched,
        actions: row.actions,
        created_at: toUnixSeconds(row.created_at),
      })),
    };
  }
}
