import { Injectable, Logger } from '@nestjs/common';
import {
  CommonErrors,
  ConversationPatterns,
  DeliveryPatterns,
  MessagePatterns,
  TeamPatterns,
  type AccountScoped,
  type AutomationEventName,
  type ConversationSnapshot,
  type ConversationStatus,
  type Message,
  type Priority,
  type RuleAction,
  type RuleActionOutcome,
} from '@parley/contracts';
import { RpcCallError, RpcClient, type SendMail } from '@parley/service-kit';
import { durationSeconds } from './action-params.rules';

/** Where an action runs: the conversation as last seen, in whose name, and the key that makes a retried action a no-op. */
export interface ActionTarget {
  scope: AccountScoped;
  conversation: ConversationSnapshot;
  /** The echo id of messages the action sends (a rule's: `<event id>:<rule id>:<action index>`), so a re-run does not send twice. */
  key: string;
  /** Durations count from it (a rule's: the event's time, so a re-run computes the same time). */
  occurredAt: Date;
  /** Rules only: e-mails go out with the run's transaction, and the event posted by send_webhook_event. */
  rule?: {
    id: number;
    webhookSecret: string;
    event: { id: string; name: AutomationEventName; message: Message | null };
    sendMail: SendMail;
  };
  /**
   * Rules only: label changes are kept here and written by one command when the event's rules
   * are done (`flushLabels`); later rules see them at once in the snapshot.
   */
  labels?: LabelBuffer;
}

/** An event's label changes not yet written: each label's last change wins. */
export interface LabelBuffer {
  changes: Map<string, 'add' | 'remove'>;
}

/** The adds and removes of a buffer, as one command sends them. */
function delta(changes: ReadonlyMap<string, 'add' | 'remove'>): { add: string[]; remove: string[] } {
  const entries = [...changes.entries()];
  return {
    add: entries.filter(([, change]) => change === 'add').map(([label]) => label),
    remove: entries.filter(([, change]) => change === 'remove').map(([label]) => label),
  };
}

/** Raised for an action this service cannot apply (yet), or not outside a rule: recorded as failed, the others still run. */
class UnsupportedActionError extends Error {}

function ruleOf(target: ActionTarget): NonNullable<ActionTarget['rule']> {
  if (!target.rule) throw new UnsupportedActionError('Only rules can run this action');
  return target.rule;
}

/** Failures worth a retry rather than a "failed" outcome: the actions are safe to apply again. */
export function isTransient(error: unknown): boolean {
  return (
    error instanceof RpcCallError &&
    (error.code === CommonErrors.rpcUnavailable || error.code === CommonErrors.rpcTimeout)
  );
}

/**
 * Applies rule actions by sending commands to messaging, which owns conversations (never by
 * writing its schema). Every command is idempotent: setting what is already set changes nothing
 * and emits nothing, and messages carry an echo id.
 */
@Injectable()
export class ConversationActionsAdapter {
  private readonly logger = new Logger(ConversationActionsAdapter.name);

  constructor(private readonly rpc: RpcClient) {}

  /**
   * The actions in order, each on the conversation as the previous ones left it (the commands'
   * answers carry it, so no extra read). A failing action is recorded and the next one runs;
   * messaging down or slow stops them all (the caller retries: a rule's event is redelivered, a
   * macro's request answers 503/504).
   */
  async applyInOrder(
    actions: readonly RuleAction[],
    target: Omit<ActionTarget, 'key'>,
    keyOf: (index: number) => string,
  ): Promise<{ outcomes: RuleActionOutcome[]; conversation: ConversationSnapshot }> {
    const outcomes: RuleActionOutcome[] = [];
    let conversation = target.conversation;
    for (const [index, action] of actions.entries()) {
      try {
        conversation = await this.apply(action, { ...target, conversation, key: keyOf(index) });
        outcomes.push({ action_name: action.action_name, outcome: 'applied', reason: null });
      } catch (error) {
        if (isTransient(error)) throw error;
        this.logger.warn(
          `${action.action_name} failed on conversation ${conversation.id} of account ${target.scope.account_id}: ${(error as Error).message}`,
        );
        outcomes.push({ action_name: action.action_name, outcome: 'failed', reason: (error as Error).message });
      }
    }
    return { outcomes, conversation };
  }

  /** Writes an event's buffered label changes with one command (its events carry the origin of the context it runs in). */
  async flushLabels(scope: AccountScoped, conversation: ConversationSnapshot, buffer: LabelBuffer): Promise<void> {
    if (buffer.changes.size === 0) return;
    await this.rpc.send(ConversationPatterns.changeLabels, {
      account_id: scope.account_id,
      caller: scope.caller,
      display_id: conversation.id,
      ...delta(buffer.changes),
    });
  }

  /**
   * Applies one action and answers the conversation after it. A change the conversation already
   * shows is not sent (nothing would change, and messaging would take the row lock for nothing).
   */
  private async apply(action: RuleAction, target: ActionTarget): Promise<ConversationSnapshot> {
    const { scope, conversation } = target;
    const ref = { ...scope, display_id: conversation.id };
    const params = action.action_params;
    const buffer = target.labels;
    // A command's answer shows the labels written so far: the buffered changes still stand.
    const keep = async (answer: Promise<ConversationSnapshot>) => {
      const next = await answer;
      if (!buffer || buffer.changes.size === 0) return next;
      const { add, remove } = delta(buffer.changes);
      return { ...next, labels: [...new Set([...next.labels, ...add])].filter((label) => !remove.includes(label)) };
    };
    const labels = async (change: 'add' | 'remove', titles: string[]) => {
      const next =
        change === 'add'
          ? [...new Set([...conversation.labels, ...titles])]
          : conversation.labels.filter((label) => !titles.includes(label));
      if (next.length === conversation.labels.length && next.every((label) => conversation.labels.includes(label)))
        return conversation;
      if (buffer) {
        for (const title of titles) buffer.changes.set(title, change);
        return { ...conversation, labels: next };
      }
      const set = await this.rpc.send(ConversationPatterns.changeLabels, {
        ...ref,
        add: change === 'add' ? titles : [],
        remove: change === 'remove' ? titles : [],
      });
      return { ...conversation, labels: set };
    };
    const status = async (data: { status: ConversationStatus; snoozed_until?: number }) => {
      if (
        conversation.status === data.status &&
        (data.snoozed_until ?? null) === (data.status === 'snoozed' ? conversation.snoozed_until : null)
      )
        return conversation;
      const { payload } = await this.rpc.send(ConversationPatterns.toggleStatus, { ...ref, data });
      return { ...conversation, status: payload.current_status, snoozed_until: payload.snoozed_until };
    };
    switch (action.action_name) {
      case 'add_label':
        return labels('add', params as string[]);
      case 'remove_label':
        return labels('remove', params as string[]);
      case 'assign_agent':
        return conversation.assignee_id === params[0]
          ? conversation
          : keep(this.rpc.send(ConversationPatterns.assign, { ...ref, data: { assignee_id: params[0] as number } }));
      case 'assign_best_agent': {
        // Keyed by (event, rule, action): a re-run after a crash must not pick a second agent.
        const assigned = await keep(this.rpc.send(ConversationPatterns.assignBestAgent, { ...ref, key: target.key }));
        if (assigned.assignee_id === null) throw new Error('No agent is available');
        return assigned;
      }
      case 'assign_team':
        return conversation.team_id === params[0]
          ? conversation
          : keep(this.rpc.send(ConversationPatterns.assign, { ...ref, data: { team_id: params[0] as number } }));
      case 'remove_assigned_team':
        return conversation.team_id === null
          ? conversation
          : keep(this.rpc.send(ConversationPatterns.assign, { ...ref, data: { team_id: null } }));
      case 'change_status':
        return status({ status: params[0] as ConversationStatus });
      case 'change_priority':
        return conversation.priority === params[0]
          ? conversation
          : keep(
              this.rpc.send(ConversationPatterns.togglePriority, { ...ref, priority: params[0] as Priority | null }),
            );
      case 'mute_conversation':
        return conversation.muted ? conversation : keep(this.rpc.send(ConversationPatterns.mute, ref));
      case 'snooze_conversation':
        return status({
          status: 'snoozed',
          snoozed_until: Math.floor(target.occurredAt.getTime() / 1000) + durationSeconds(params[0])!,
        });
      case 'send_message':
      case 'add_private_note':
        await this.rpc.send(MessagePatterns.create, {
          ...ref,
          data: {
            content: params[0] as string,
            message_type: 'outgoing',
            private: action.action_name === 'add_private_note',
            echo_id: target.key,
          },
        });
        return conversation;
      case 'send_webhook_event':
        await this.postEvent(target, params[0] as string);
        return conversation;
      case 'send_attachment':
        await this.rpc.send(MessagePatterns.sendAttachment, {
          ...ref,
          attachment_id: params[0] as number,
          echo_id: target.key,
        });
        return conversation;
      case 'send_email_to_team':
        await this.mailTeams(target, params[0] as { team_ids: number[]; subject: string; message?: string });
        return conversation;
      default:
        throw new UnsupportedActionError(`${action.action_name} is not supported yet`);
    }
  }

  /**
   * Through the dispatcher's delivery command: the URL is checked (HTTPS, public) before each
   * attempt, the request signed with the rule's secret and retried. The body's `id` is the
   * action's key, so a receiver de-duplicates a re-run and tells two rules' posts apart.
   */
  private async postEvent(target: ActionTarget, url: string): Promise<void> {
    const rule = ruleOf(target);
    const payload = {
      id: target.key,
      event: rule.event.name,
      event_id: rule.event.id,
      rule_id: rule.id,
      account: { id: target.scope.account_id },
      conversation: target.conversation,
      ...(rule.event.message ? { message: rule.event.message } : {}),
    };
    await this.rpc.send(DeliveryPatterns.enqueue, {
      account_id: target.scope.account_id,
      url,
      secret: rule.webhookSecret,
      event: rule.event.name,
      payload,
    });
  }

  /** One e-mail per member of the teams (each address once), sent by the outbox once the run is recorded. */
  private async mailTeams(
    target: ActionTarget,
    spec: { team_ids: number[]; subject: string; message?: string },
  ): Promise<void> {
    const members = await Promise.all(
      spec.team_ids.map((id) => this.rpc.send(TeamPatterns.listMembers, { ...target.scope, id })),
    );
    const addresses = [...new Set(members.flat().map((member) => member.email))];
    const text = `${spec.message ?? spec.subject}\n\nConversation #${target.conversation.id}`;
    const { sendMail } = ruleOf(target);
    for (const to of addresses) await sendMail({ to, subject: spec.subject, text });
  }
}
