/** @owns automation.rule_runs */
import type { AutomationEventName, RuleActionOutcome } from '@parley/contracts';

/** A row of `automation.rule_runs`: one evaluation of one rule against one event. */
export interface RuleRunRow {
  id: string;
  event_id: string;
  event_name: AutomationEventName;
  conversation_id: number | null;
  matched: boolean;
  actions: RuleActionOutcome[];
  created_at: Date;
}
