import { Injectable } from '@nestjs/common';
import { ConversationErrors, type AccountScoped, type Conversation, type Priority } from '@parley/contracts';
import { DomainError } from '@parley/service-kit';
import { checkLabelSet } from '@parley/domain-rules';
import { ConversationAccessService } from '../conversations/conversation-access.service';
import { ConversationChangesService } from '../conversations/conversation-changes.service';
import { ConversationChecksService } from '../conversations/conversation-checks.service';

/** What a caller sets on one conversation: its labels, custom attributes, priority and mute. */
@Injectable()
export class ConversationAttributesService {
  constructor(
    private readonly access: ConversationAccessService,
    private readonly changes: ConversationChangesService,
    private readonly checks: ConversationChecksService,
  ) {}

  async labels(scope: AccountScoped, displayId: number): Promise<string[]> {
    return (await this.access.find(scope, displayId)).labels;
  }

  /** Replaces the labels (titles are normalised like label titles; repeats collapse). */
  async setLabels(scope: AccountScoped, displayId: number, labels: string[]): Promise<string[]> {
    const checked = checkLabelSet(labels);
    if ('problem' in checked) throw new DomainError(ConversationErrors.labelsInvalid, checked.problem, ['labels']);
    const titles = checked.value;
    return (await this.changes.update(scope, displayId, async () => ({ labels: titles }))).labels;
  }

  /** Adds, then removes, on the labels as they are under the row lock (a concurrent change is kept). */
  async changeLabels(scope: AccountScoped, displayId: number, add: string[], remove: string[]): Promise<string[]> {
    const conversation = await this.changes.update(scope, displayId, async (_, current) => {
      const checked = checkLabelSet([...current.labels, ...add]);
      if ('problem' in checked) throw new DomainError(ConversationErrors.labelsInvalid, checked.problem, ['labels']);
      const removed = checkLabelSet(remove);
      const gone = new Set('problem' in removed ? remove : removed.value);
      return { labels: checked.value.filter((label) => !gone.has(label)) };
    });
    return conversation.labels;
  }

  /** Merges the given attributes (null removes one), checked against the conversation attribute definitions. */
  setCustomAttributes(
    scope: AccountScoped,
    displayId: number,
    attributes: Record<string, unknown>,
  ): Promise<Conversation> {
    return this.changes.update(scope, displayId, async (tx, conversation) => {
      const merged: Record<string, unknown> = { ...conversation.custom_attributes };
      for (const [key, value] of Object.entries(attributes)) {
        if (value === null) delete merged[key];
        else merged[key] = value;
      }
      return { customAttributes: await this.checks.validatedAttributes(tx, scope.account_id, merged) };
    });
  }

  togglePriority(scope: AccountScoped, displayId: number, priority: Priority | null): Promise<Conversation> {
    return this.changes.update(scope, displayId, async () => ({ priority }));
  }

  mute(scope: AccountScoped, displayId: number, muted: boolean): Promise<Conversation> {
    return this.changes.update(scope, displayId, async () => ({ muted }));
  }
}
