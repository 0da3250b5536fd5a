import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AutomationEventName } from '@parley/contracts';
import { preparedQuery } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import type { AutomationRuleRow } from './persistence/automation-rule.row';

/** A rule as evaluation needs it. */
export type ActiveRule = Pick<AutomationRuleRow, 'id' | 'created_by' | 'webhook_secret' | 'conditions' | 'actions'>;

/** Reads of rules that evaluation needs. */
@Injectable()
export class RulesLoader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The account's active rules for the event, oldest first (creation order is execution order). */
  active(accountId: number, eventName: AutomationEventName): Promise<ActiveRule[]> {
    return this.dataSource.query(
      'SELECT id, created_by, webhook_secret, conditions, actions FROM automation.rules WHERE account_id = $1 AND event_name = $2 AND active ORDER BY id',
      [accountId, eventName],
    );
  }

  /** Of the accounts, those with an active rule for the event: one read for a batch of events. */
  async accountsWithRules(eventName: AutomationEventName, accountIds: number[]): Promise<Set<number>> {
    if (accountIds.length === 0) return new Set();
    const rows = await preparedQuery<{ account_id: number }>(
      this.dataSource,
      'automation_accounts_with_rules',
      'SELECT DISTINCT account_id FROM automation.rules WHERE account_id = ANY ($1::int[]) AND event_name = $2 AND active',
      [accountIds, eventName],
    );
    return new Set(rows.map((row) => row.account_id));
  }

  async exists(accountId: number, id: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM automation.rules WHERE account_id = $1 AND id = $2',
      [accountId, id],
    );
    return rows.length > 0;
  }
}
