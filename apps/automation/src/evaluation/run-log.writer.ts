import { Injectable } from '@nestjs/common';
import { RULE_RUNS_RETENTION_DAYS, type RuleActionOutcome } from '@parley/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { TriggerEvent } from './trigger-event.types';

/** Writes of the run log; a run row is also the record that a rule ran for an event. */
@Injectable()
export class RunLogWriter {
  /** The rules among `ruleIds` that already ran for the event (a redelivery skips them). */
  async rulesThatRan(tx: EntityManager, eventId: string, ruleIds: number[]): Promise<Set<number>> {
    const rows: Array<{ rule_id: number }> = await tx.query(
      `SELECT rule_id FROM automation.rule_runs WHERE event_id = $1 AND rule_id = ANY ($2::int[])`,
      [eventId, ruleIds],
    );
    return new Set(rows.map((row) => row.rule_id));
  }

  /** The runs of one event, in one statement (every active rule leaves one, matched or not). */
  async record(
    tx: EntityManager,
    event: TriggerEvent,
    runs: Array<{ ruleId: number; matched: boolean; outcomes: RuleActionOutcome[] }>,
  ): Promise<void> {
    if (runs.length === 0) return;
    await tx.query(
      `INSERT INTO automation.rule_runs (rule_id, event_id, event_name, conversation_id, matched, actions, occurred_at)
       SELECT r.rule_id, $2, $3, $4, r.matched, r.actions, $7 FROM unnest($1::int[], $5::boolean[], $6::jsonb[]) AS r(rule_id, matched, actions)
       ON CONFLICT (rule_id, event_id) DO NOTHING`,
      [
        runs.map((run) => run.ruleId),
        event.envelope.id,
        event.name,
        event.conversation.id,
        runs.map((run) => run.matched),
        runs.map((run) => JSON.stringify(run.outcomes)),
        event.envelope.occurred_at,
      ],
    );
  }

  /** Forgets runs past the retention. */
  async prune(dataSource: DataSource): Promise<void> {
    await dataSource.query(
      `DELETE FROM automation.rule_runs WHERE created_at < now() - interval '${RULE_RUNS_RETENTION_DAYS} days'`,
    );
  }
}
