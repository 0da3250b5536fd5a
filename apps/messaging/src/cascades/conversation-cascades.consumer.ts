import { Injectable } from '@nestjs/common';
import { CustomAttributeEvents, IdentityEvents, LabelEvents, type EventOf } from '@parley/contracts';
import { OnEvent, type Emit } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { ConversationChangesService } from '../conversations/conversation-changes.service';
import { ConversationWriter } from '../conversations/conversation.writer';

/** What label, attribute definition and agent removals (and renames) do to conversations, each with its events. */
@Injectable()
export class ConversationCascadesConsumer {
  constructor(
    private readonly conversations: ConversationWriter,
    private readonly changes: ConversationChangesService,
  ) {}

  @OnEvent(LabelEvents.deleted, { purpose: 'conversation_labels_on_delete' })
  async onLabelDeleted(event: EventOf<typeof LabelEvents.deleted>, tx: EntityManager, emit: Emit): Promise<void> {
    const title = event.data.label.title;
    for (const conversation of await this.conversations.lockWithLabel(tx, event.account_id!, title)) {
      await this.changes.apply(
        tx,
        emit,
        conversation,
        { labels: conversation.labels.filter((label) => label !== title) },
        { actor: null },
      );
    }
  }

  @OnEvent(LabelEvents.updated, { purpose: 'conversation_labels_on_rename' })
  async onLabelUpdated(event: EventOf<typeof LabelEvents.updated>, tx: EntityManager, emit: Emit): Promise<void> {
    const rename = event.data.changed_attributes.find((change) => 'title' in change)?.title;
    if (!rename) return;
    const [from, to] = [String(rename.previous_value), String(rename.current_value)];
    for (const conversation of await this.conversations.lockWithLabel(tx, event.account_id!, from)) {
      const labels = [...new Set(conversation.labels.map((label) => (label === from ? to : label)))].sort();
      await this.changes.apply(tx, emit, conversation, { labels }, { actor: null });
    }
  }

  @OnEvent(CustomAttributeEvents.deleted, { purpose: 'conversation_attributes_on_delete' })
  async onDefinitionDeleted(
    event: EventOf<typeof CustomAttributeEvents.deleted>,
    tx: EntityManager,
    emit: Emit,
  ): Promise<void> {
    const { definition } = event.data;
    if (definition.attribute_model !== 'conversation_attribute') return;
    for (const conversation of await this.conversations.lockWithAttribute(
      tx,
      event.account_id!,
      definition.attribute_key,
    )) {
      const { [definition.attribute_key]: _removed, ...rest } = conversation.custom_attributes;
      await this.changes.apply(tx, emit, conversation, { customAttributes: rest }, { actor: null });
    }
  }

  @OnEvent(CustomAttributeEvents.updated, { purpose: 'conversation_attributes_on_rename' })
  async onDefinitionUpdated(
    event: EventOf<typeof CustomAttributeEvents.updated>,
    tx: EntityManager,
    emit: Emit,
  ): Promise<void> {
    const { definition, previous_key } = event.data;
    if (definition.attribute_model !== 'conversation_attribute' || previous_key === definition.attribute_key) return;
    for (const conversation of await this.conversations.lockWithAttribute(tx, event.account_id!, previous_key)) {
      const { [previous_key]: value, ...rest } = conversation.custom_attributes;
      await this.changes.apply(
        tx,
        emit,
        conversation,
        { customAttributes: { ...rest, [definition.attribute_key]: value } },
        { actor: null },
      );
    }
  }

  /** A removed agent's conversations in that account become unassigned. */
  @OnEvent(IdentityEvents.accountUserDeleted, { purpose: 'unassign_removed_agent' })
  async onAgentRemoved(
    event: EventOf<typeof IdentityEvents.accountUserDeleted>,
    tx: EntityManager,
    emit: Emit,
  ): Promise<void> {
    for (const conversation of await this.conversations.lockAssignedTo(tx, event.data.account_id, event.data.user_id)) {
      await this.changes.apply(tx, emit, conversation, { assigneeId: null }, { actor: null });
    }
  }
}
