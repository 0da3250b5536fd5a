import { Injectable } from '@nestjs/common';
import {
  ContactLookupPatterns,
  type AutomationEventName,
  type ConversationSnapshot,
  type EventEnvelope,
  type RuleActionOutcome,
} from '@parley/contracts';
import { RpcClient, runInRequestContext, type SendMail } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { RulesLoader, type ActiveRule } from '../rules/rules.loader';
import { conditionsMatch, needsContactAttributes } from './condition-match.rules';
import {
  ConversationActionsAdapter,
  isTransient,
  type LabelBuffer,
} from '../conversation-actions/conversation-actions.adapter';
import { RunLogWriter } from './run-log.writer';
import type { TriggerEvent } from './trigger-event.types';

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
  constructor(
    private readonly rules: RulesLoader,
    private readonly actions: ConversationActionsAdapter,
    private readonly runLog: RunLogWriter,
    private readonly rpc: RpcClient,
  ) {}

  /** The events of an account with an active rule for `name`: the others have nothing to evaluate. */
  async withRules<E extends EventEnvelope>(name: AutomationEventName, events: E[]): Promise<E[]> {
    const accountIds = new Set(events.flatMap((event) => (event.account_id === null ? [] : [event.account_id])));
    const withRules = await this.rules.accountsWithRules(name, [...accountIds]);
    return events.filter((event) => event.account_id !== null && withRules.has(event.account_id));
  }

  /**
   * Events of one consumer's batch: those of one conversation in stream order, conversations side
   * by side (a rule reads and changes one conversation only, so they cannot disturb each other).
   */
  async evaluateMany(tx: EntityManager, sendMail: SendMail, triggers: TriggerEvent[]): Promise<void> {
    const byConversation = new Map<string, TriggerEvent[]>();
    for (const trigger of triggers) {
      const key = `${trigger.envelope.account_id}:${trigger.conversation.id}`;
      byConversation.set(key, [...(byConversation.get(key) ?? []), trigger]);
    }
    // One look-up of the active rules per account and trigger for the whole batch: most events find none.
    const rulesOf = new Map<string, Promise<ActiveRule[]>>();
    const activeRules = (accountId: number, name: AutomationEventName) => {
      const key = `${accountId}:${name}`;
      if (!rulesOf.has(key)) rulesOf.set(key, this.rules.active(accountId, name));
      return rulesOf.get(key)!;
    };
    // Settled, not raced: the transaction must outlive every conversation's work before a failure rolls it back.
    const results = await Promise.allSettled(
      [...byConversation.values()].map(async (events) => {
        for (const trigger of events) await this.evaluate(tx, sendMail, trigger, activeRules);
      }),
    );
    const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failure) throw failure.reason;
  }

  private async evaluate(
    tx: EntityManager,
    sendMail: SendMail,
    trigger: TriggerEvent,
    activeRules: (accountId: number, name: AutomationEventName) => Promise<ActiveRule[]>,
  ): Promise<void> {
    const accountId = trigger.envelope.account_id;
    if (accountId === null) return;
    const rules = await activeRules(accountId, trigger.name);
    if (rules.length === 0) return;
    const done = await this.runLog.rulesThatRan(
      tx,
      trigger.envelope.id,
      rules.map((rule) => rule.id),
    );
    let conversation = trigger.conversation;
    let contactAttributes: Record<string, unknown> | null | undefined;
    const labels: LabelBuffer = { changes: new Map() };
    let labelledBy: ActiveRule | null = null;
    const runs: Array<{ ruleId: number; matched: boolean; outcomes: RuleActionOutcome[] }> = [];
    for (const rule of rules) {
      if (done.has(rule.id)) continue;
      if (contactAttributes === undefined && needsContactAttributes(rule.conditions, conversation)) {
        contactAttributes =
          (await this.rpc.send(ContactLookupPatterns.find, { account_id: accountId, id: conversation.contact_id }))
            ?.custom_attributes ?? null;
      }
      const matched = conditionsMatch(rule.conditions, { conversation, message: trigger.message, contactAttributes });
      let outcomes: RuleActionOutcome[] = [];
      if (matched) {
        const before = [...labels.changes.entries()].join();
        ({ outcomes, conversation } = await this.applyActions(rule, trigger, conversation, sendMail, labels));
        if ([...labels.changes.entries()].join() !== before) labelledBy = rule;
      }
      runs.push({ ruleId: rule.id, matched, outcomes });
    }
    if (labelledBy) await this.writeLabels(labelledBy, trigger, conversation, labels, runs);
    await this.runLog.record(tx, trigger, runs);
  }

  /**
   * The event's label changes in one command (one write and one event instead of one per rule),
   * in the name of the last rule that changed them; if it fails, so did every label action.
   */
  private async writeLabels(
    rule: ActiveRule,
    trigger: TriggerEvent,
    conversation: ConversationSnapshot,
    labels: LabelBuffer,
    runs: Array<{ outcomes: RuleActionOutcome[] }>,
  ): Promise<void> {
    try {
      await runInRequestContext(this.contextOf(rule, trigger), () =>
        this.actions.flushLabels(this.scopeOf(rule, trigger), conversation, labels),
      );
    } catch (error) {
      if (isTransient(error)) throw error;
      for (const outcome of runs.flatMap((run) => run.outcomes)) {
        if (
          (outcome.action_name === 'add_label' || outcome.action_name === 'remove_label') &&
          outcome.outcome === 'applied'
        ) {
          Object.assign(outcome, { outcome: 'failed', reason: (error as Error).message });
        }
      }
    }
  }

  private contextOf(rule: ActiveRule, trigger: TriggerEvent) {
    return {
      correlationId: trigger.envelope.meta?.correlation_id ?? trigger.envelope.id,
      origin: automationOrigin(rule.id),
    };
  }

  private applyActions(
    rule: ActiveRule,
    trigger: TriggerEvent,
    conversation: ConversationSnapshot,
    sendMail: SendMail,
    labels: LabelBuffer,
  ) {
    const target = {
      labels,
      scope: this.scopeOf(rule, trigger),
      conversation,
      occurredAt: new Date(trigger.envelope.occurred_at),
      rule: {
        id: rule.id,
        webhookSecret: rule.webhook_secret,
        event: { id: trigger.envelope.id, name: trigger.name, message: trigger.message },
        sendMail,
      },
    };
    return runInRequestContext(this.contextOf(rule, trigger), () =>
      this.actions.applyInOrder(rule.actions, target, (index) => `${trigger.envelope.id}:${rule.id}:${index}`),
    );
  }

  /** Actions run in the name of the rule's author, an administrator (they reach every inbox). */
  private scopeOf(rule: ActiveRule, trigger: TriggerEvent) {
    return {
      account_id: trigger.envelope.account_id!,
      caller: { user_id: rule.created_by, role: 'administrator' as const },
    };
  }
}
