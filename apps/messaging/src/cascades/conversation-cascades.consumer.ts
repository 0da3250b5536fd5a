import { Injectable } from '@nestjs/common';
import { CustomAttributeEvents, IdentityEvents, LabelEvents, type EventEnvelope, type EventMap } from '@parley/contracts';
import { OnEvent, type Emit } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { ConversationChanges } from '../conversations/conversation-changes.service';
import { ConversationEntity } from '../conversations/persistence/conversation.orm-entity';

type Event<T extends keyof EventMap> = EventEnvelope<EventMap[T]>;

/** What changes elsewhere in the workspace does to conversations, each with its events. */
@Injectable()
export class ConversationCascades {
  constructor(private readonly changes: ConversationChanges) {}

  @OnEvent(LabelEvents.deleted, { purpose: 'conversation_labels_on_delete' })
  async onLabelDeleted(event: Event<typeof LabelEvents.deleted>, tx: EntityManager, emit: Emit): Promise<void> {
    const title = event.data.label.title;
    await this.each(tx, event.account_id!, `$2 = ANY(c.labels)`, [title], async (conversation) => {
      await this.changes.apply(tx, emit, conversation, { labels: conversation.labels.filter((label) => label !== title) }, { actor: null });
    });
  }

  @OnEvent(LabelEvents.updated, { purpose: 'conversation_labels_on_rename' })
  async onLabelUpdated(event: Event<typeof LabelEvents.updated>, tx: EntityManager, emit: Emit): Promise<void> {
    const rename = event.data.changed_attributes.find((change) => 'title' in change)?.title;
    if (!rename) return;
    const [from, to] = [String(rename.previous_value), String(rename.current_value)];
    await this.each(tx, event.account_id!, `$2 = ANY(c.labels)`, [from], async (conversation) => {
      const labels = [...new Set(conversation.labels.map((label) => (label === from ? to : label)))].sort();
      await this.changes.apply(tx, emit, conversation, { labels }, { actor: null });
    });
  }

  @OnEvent(CustomAttributeEvents.deleted, { purpose: 'conversation_attributes_on_delete' })
  async onDefinitionDeleted(event: Event<typeof CustomAttributeEvents.deleted>, tx: EntityManager, emit: Emit): Promise<void> {
    const { definition } = event.data;
    if (definition.attribute_model !== 'conversation_attribute') return;
    await this.each(tx, event.account_id!, `c.custom_attributes ? $2`, [definition.attribute_key], async (conversation) => {
      const { [definition.attribute_key]: _removed, ...rest } = conversation.customAttributes;
      await this.changes.apply(tx, emit, conversation, { customAttributes: rest }, { actor: null });
    });
  }

  @OnEvent(CustomAttributeEvents.updated, { purpose: 'conversation_attributes_on_rename' })
  async onDefinitionUpdated(event: Event<typeof CustomAttributeEvents.updated>, tx: EntityManager, emit: Emit): Promise<void> {
    const { definition, previous_key } = event.data;
    if (definition.attribute_model !== 'conversation_attribute' || previous_key === definition.attribute_key) return;
    await this.each(tx, event.account_id!, `c.custom_attributes ? $2`, [previous_key], async (conversation) => {
      const { [previous_key]: value, ...rest } = conversation.customAttributes;
      await this.changes.apply(tx, emit, conversation, { customAttributes: { ...rest, [definition.attribute_key]: value } }, { actor: null });
    });
  }

  /** A removed agent's conversations in that account become unassigned. */
  @OnEvent(IdentityEvents.accountUserDeleted, { purpose: 'unassign_removed_agent' })
  async onAgentRemoved(event: Event<typeof IdentityEvents.accountUserDeleted>, tx: EntityManager, emit: Emit): Promise<void> {
    await this.each(tx, event.data.account_id, 'c.assignee_id = $2', [event.data.user_id], async (conversation) => {
      await this.changes.apply(tx, emit, conversation, { assigneeId: null }, { actor: null });
    });
  }

  private async each(
    tx: EntityManager,
    accountId: number,
    condition: string,
    params: unknown[],
    apply: (conversation: ConversationEntity) => Promise<void>,
  ): Promise<void> {
    const ids: Array<{ id: number }> = await tx.query(`SELECT c.id FROM messaging.conversations c WHERE c.account_id = $1 AND ${condition} ORDER BY c.id FOR UPDATE`, [
      accountId,
      ...params,
    ]);
    for (const { id } of ids) await apply(await tx.findOneByOrFail(ConversationEntity, { id }));
  }
}
