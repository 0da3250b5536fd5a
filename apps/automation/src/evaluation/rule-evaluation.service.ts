import { Injectable, Logger } from '@nestjs/common';
import {
  ConversationPatterns,
  type AutomationEventName,
  type ConversationSnapshot,
  type EventEnvelope,
  type Message,
  type RuleActionOutcome,
} from '@parley/contracts';
import { RpcClient, runInRequestContext, type SendMail } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { RulesLoader, type ActiveRule } from '../rules/rules.loader';
import { conditionsMatch } from './condition-match.rules';
import { ConversationActionsAdapter, isTransient } from './conversation-actions.adapter';
import { RunLogWriter } from './run-log.writer';

/** What evaluation needs of a conversation or message event. */
export interface TriggerEvent {
  envelope: EventEnvelope;
  name: AutomationEventName;
  conversation: ConversationSnapshot;
  message: Message | null;
}

/** The origin of changes made by a rule: events carrying it never trigger rules. */
export const automationOrigin = (ruleId: number) => `automation:${ruleId}`;

export function isAutomationOrigin(origin: string | undefined): boolean {
  return origin?.startsWith('automation:') ?? false;
}

/**
 * Runs the account's active rules for one event, oldest first. A matching rule's actions are
 * applied in order before the next rule is evaluated, against the conversation as they left it.
 */
@Injectable()
export class RuleEvaluationService {
  private readonly logger = new Logger(RuleEvaluationService.name);

  constructor(
    private readonly rules: RulesLoader,
    private readonly actions: ConversationActionsAdapter,
    private readonly runLog: RunLogWriter,
    private readonly rpc: RpcClient,
  ) {}

  async evaluate(tx: EntityManager, sendMail: SendMail, trigger: TriggerEvent): Promise<void> {
    const accountId = trigger.envelope.account_id;
    if (accountId === null) return;
    const rules = await this.rules.active(accountId, trigger.name);
    if (rules.length === 0) return;
    const done = await this.runLog.rulesThatRan(tx, trigger.envelope.id, rules.map((rule) => rule.id));
    let conversation = trigger.conversation;
    for (const rule of rules) {
      if (done.has(rule.id)) continue;
      const matched = conditionsMatch(rule.conditions, { conversation, message: trigger.message });
      const outcomes = matched ? await this.applyActions(rule, trigger, conversation, sendMail) : [];
      await this.runLog.record(tx, { ruleId: rule.id, event: trigger, matched, outcomes });
      if (matched && outcomes.some((outcome) => outcome.outcome === 'applied')) conversation = await this.current(rule, trigger, conversation);
    }
  }

  private applyActions(rule: ActiveRule, trigger: TriggerEvent, conversation: ConversationSnapshot, sendMail: SendMail): Promise<RuleActionOutcome[]> {
    const context = { correlationId: trigger.envelope.meta?.correlation_id ?? trigger.envelope.id, origin: automationOrigin(rule.id) };
    return runInRequestContext(context, async () => {
      const outcomes: RuleActionOutcome[] = [];
      let current = conversation;
      for (const [index, action] of rule.actions.entries()) {
        try {
          await this.actions.apply(action, {
            scope: this.scopeOf(rule, trigger),
            conversation: current,
            key: `${trigger.envelope.id}:${rule.id}:${index}`,
            occurredAt: new Date(trigger.envelope.occurred_at),
            sendMail,
          });
          outcomes.push({ action_name: action.action_name, outcome: 'applied', reason: null });
          // Label actions build on the labels as the previous action left them.
          if (action.action_name === 'add_label' || action.action_name === 'remove_label') current = await this.current(rule, trigger, current);
        } catch (error) {
          if (isTransient(error)) throw error;
          this.logger.warn(`Rule ${rule.id}: ${action.action_name} failed on event ${trigger.envelope.id}: ${(error as Error).message}`);
          outcomes.push({ action_name: action.action_name, outcome: 'failed', reason: (error as Error).message });
        }
      }
      return outcomes;
    });
  }

  /** The conversation after a rule's actions, as the next rule must see it. */
  private async current(rule: ActiveRule, trigger: TriggerEvent, fallback: ConversationSnapshot): Promise<ConversationSnapshot> {
    try {
      return await this.rpc.send(ConversationPatterns.show, { ...this.scopeOf(rule, trigger), display_id: fallback.id });
    } catch (error) {
      if (isTransient(error)) throw error;
      return fallback;
    }
  }

  /** Actions run in the name of the rule's author, an administrator (they reach every inbox). */
  private scopeOf(rule: ActiveRule, trigger: TriggerEvent) {
    return { account_id: trigger.envelope.account_id!, caller: { user_id: rule.createdBy, role: 'administrator' as const } };
  }
}
