import { Injectable } from '@nestjs/common';
import {
  CommonErrors,
  ConversationPatterns,
  MessagePatterns,
  TeamPatterns,
  type AccountScoped,
  type ConversationSnapshot,
  type ConversationStatus,
  type Priority,
  type RuleAction,
} from '@parley/contracts';
import { RpcCallError, RpcClient, type SendMail } from '@parley/service-kit';
import { durationSeconds } from '../rules/rule-actions.rules';

/** Where an action runs: the conversation as last seen, in whose name, and the key that makes a retried action a no-op. */
export interface ActionTarget {
  scope: AccountScoped;
  conversation: ConversationSnapshot;
  /** `<event id>:<rule id>:<action index>`: the echo id of messages a rule sends, so a redelivery does not send twice. */
  key: string;
  /** When the triggering event happened: durations count from it, so a re-run computes the same time. */
  occurredAt: Date;
  sendMail: SendMail;
}

/** Raised for an action this service cannot apply (yet): recorded as failed, the others still run. */
class UnsupportedActionError extends Error {}

/** Failures worth a redelivery rather than a "failed" in the run log: the actions are safe to apply again. */
export function isTransient(error: unknown): boolean {
  return error instanceof RpcCallError && (error.code === CommonErrors.rpcUnavailable || error.code === CommonErrors.rpcTimeout);
}

/**
 * Applies rule actions by sending commands to messaging, which owns conversations (never by
 * writing its schema). Every command is idempotent: setting what is already set changes nothing
 * and emits nothing, and messages carry an echo id.
 */
@Injectable()
export class ConversationActionsAdapter {
  constructor(private readonly rpc: RpcClient) {}

  async apply(action: RuleAction, target: ActionTarget): Promise<void> {
    const { scope, conversation } = target;
    const ref = { ...scope, display_id: conversation.id };
    const params = action.action_params;
    switch (action.action_name) {
      case 'add_label':
        await this.rpc.send(ConversationPatterns.setLabels, { ...ref, labels: [...new Set([...conversation.labels, ...(params as string[])])] });
        return;
      case 'remove_label':
        await this.rpc.send(ConversationPatterns.setLabels, { ...ref, labels: conversation.labels.filter((label) => !(params as string[]).includes(label)) });
        return;
      case 'assign_agent':
        await this.rpc.send(ConversationPatterns.assign, { ...ref, data: { assignee_id: params[0] as number } });
        return;
      case 'assign_team':
        await this.rpc.send(ConversationPatterns.assign, { ...ref, data: { team_id: params[0] as number } });
        return;
      case 'remove_assigned_team':
        await this.rpc.send(ConversationPatterns.assign, { ...ref, data: { team_id: null } });
        return;
      case 'change_status':
        await this.rpc.send(ConversationPatterns.toggleStatus, { ...ref, data: { status: params[0] as ConversationStatus } });
        return;
      case 'change_priority':
        await this.rpc.send(ConversationPatterns.togglePriority, { ...ref, priority: params[0] as Priority | null });
        return;
      case 'mute_conversation':
        await this.rpc.send(ConversationPatterns.mute, ref);
        return;
      case 'snooze_conversation': {
        const until = Math.floor(target.occurredAt.getTime() / 1000) + durationSeconds(params[0])!;
        await this.rpc.send(ConversationPatterns.toggleStatus, { ...ref, data: { status: 'snoozed', snoozed_until: until } });
        return;
      }
      case 'send_message':
      case 'add_private_note':
        await this.rpc.send(MessagePatterns.create, {
          ...ref,
          data: { content: params[0] as string, message_type: 'outgoing', private: action.action_name === 'add_private_note', echo_id: target.key },
        });
        return;
      case 'send_email_to_team':
        await this.mailTeams(target, params[0] as { team_ids: number[]; subject: string; message?: string });
        return;
      default:
        throw new UnsupportedActionError(`${action.action_name} is not supported yet`);
    }
  }

  /** One e-mail per member of the teams (each address once), sent by the outbox once the run is recorded. */
  private async mailTeams(target: ActionTarget, spec: { team_ids: number[]; subject: string; message?: string }): Promise<void> {
    const members = await Promise.all(spec.team_ids.map((id) => this.rpc.send(TeamPatterns.listMembers, { ...target.scope, id })));
    const addresses = [...new Set(members.flat().map((member) => member.email))];
    const text = `${spec.message ?? spec.subject}\n\nConversation #${target.conversation.id}`;
    for (const to of addresses) await target.sendMail({ to, subject: spec.subject, text });
  }
}
