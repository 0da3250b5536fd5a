import { Module } from '@nestjs/common';
import { ConversationActionsModule } from '../conversation-actions/conversation-actions.module';
import { RulesModule } from '../rules/rules.module';
import { RuleEvaluationService } from './rule-evaluation.service';
import { RuleRunsHandlers } from './rule-runs.handlers';
import { RuleRunsQuery } from './rule-runs.query';
import { RuleTriggersConsumer } from './rule-triggers.consumer';
import { RunLogPruningWorker } from './run-log-pruning.worker';
import { RunLogWriter } from './run-log.writer';

/** Runs the account's rules on conversation and message events, and keeps their run log (the `rule_runs` table). */
@Module({
  imports: [RulesModule, ConversationActionsModule],
  controllers: [RuleRunsHandlers],
  providers: [RuleTriggersConsumer, RuleEvaluationService, RunLogWriter, RuleRunsQuery, RunLogPruningWorker],
})
export class EvaluationModule {}
