import { Injectable } from '@nestjs/common';
import { RULE_RUNS_RETENTION_DAYS, type RuleActionOutcome } from '@parley/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { TriggerEvent } from './rule-evaluation.service';

/** Writes of the run log; a run row is also the record that a rule ran for an event. */
@Injectable()
export class RunLogWriter {
  /** The rules among `ruleIds` that already ran for the event (a redelivery skips them). */
  async rulesThatRan(tx: EntityManager, eventId: string, ruleIds: number[]): Promise<Set<number>> {
    const rows: Array<{ rule_id: number }> = await tx.query(`SELECT rule_id FROM automation.rule_runs WHERE event_id = $1 AND rule_id = ANY ($2::int[])`, [eventId, ruleIds]);
    return new Set(rows.map((row) => row.rule_id));
  }

  async record(tx: EntityManager, run: { ruleId: number; event: TriggerEvent; matched: boolean; outcomes: RuleActionOutcome[] }): Promise<void> {
    await tx.query(
      `INSERT INTO automation.rule_runs (rule_id, event_id, event_name, conversation_id, matched, actions)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (rule_id, event_id) DO NOTHING`,
      [run.ruleId, run.event.envelope.id, run.event.name, run.event.conversation.id, run.matched, JSON.stringify(run.outcomes)],
    );
  }

  /** Forgets runs past the retention. */
  async prune(dataSource: DataSource): Promise<void> {
    await dataSource.query(`DELETE FROM automation.rule_runs WHERE created_at < now() - interval '${RULE_RUNS_RETENTION_DAYS} days'`);
  }
}
