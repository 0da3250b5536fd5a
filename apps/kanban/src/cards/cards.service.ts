import { Injectable } from '@nestjs/common';
import {
  KanbanErrors,
  type AccountScoped,
  type KanbanItem,
  type KanbanItemInput,
  type KanbanItemStatus,
} from '@parley/contracts';
import { DomainError, Outbox } from '@parley/service-kit';
import type { EntityManager } from 'typeorm';
import { BoardSettingsLoader } from '../board-settings/board-settings.loader';
import { FunnelsLoader } from '../funnels/funnels.loader';
import { MessagingViewLoader } from '../read-models/messaging-view/messaging-view.loader';
import { AgentRotationWriter } from './agent-rotation.writer';
import { CardEventsWriter } from './card-events.writer';
import { toKanbanItem } from './card.mapper';
import {
  assertNoPlacementChange,
  checkedCustomAttributes,
  checkedPriority,
  checkedStatus,
  checkedTitle,
  checkedValue,
} from './card.rules';
import { CardsLoader } from './cards.loader';
import { CardsWriter, updateReturning } from './cards.writer';
import { CARD_COLUMNS, type CardRow } from './persistence/card.row';

/** Cards: create, read, plain updates (never a move), delete, and their agents and status. */
@Injectable()
export class CardsService {
  constructor(
    private readonly outbox: Outbox,
    private readonly loader: CardsLoader,
    private readonly funnels: FunnelsLoader,
    private readonly messaging: MessagingViewLoader,
    private readonly settings: BoardSettingsLoader,
    private readonly writer: CardsWriter,
    private readonly events: CardEventsWriter,
    private readonly rotation: AgentRotationWriter,
  ) {}

  async show(accountId: number, id: number): Promise<KanbanItem> {
    return toKanbanItem(await this.loader.find(accountId, id));
  }

  /**
   * In the given (or the default) funnel and stage (or its first); without `position` at the end
   * of the stage. References are checked against messaging's copies, asking messaging on a miss.
   */
  async create(scope: AccountScoped, input: KanbanItemInput): Promise<KanbanItem> {
    const accountId = scope.account_id;
    const details = input.item_details ?? {};
    const title = checkedTitle(details.title);
    const funnelId = input.funnel_id ?? (await this.funnels.defaultFunnelId(accountId));
    if (!funnelId)
      throw new DomainError(KanbanErrors.unknownReference, 'The account has no funnel: create one, or give funnel_id', [
        'funnel_id',
      ]);
    const funnel = await this.funnels.funnel(accountId, funnelId, 'body');
    const stageId = input.funnel_stage ?? Object.keys(funnel.stages)[0];
    if (!funnel.stages[stageId])
      throw new DomainError(KanbanErrors.unknownReference, `Stage ${stageId} is not a stage of funnel ${funnelId}`, [
        'funnel_stage',
      ]);
    const attributes = checkedCustomAttributes(
      funnel.global_custom_attributes,
      withoutNulls(input.custom_attributes ?? {}),
    );
    const conversation = input.conversation_display_id ?? details.conversation_id ?? null;
    await this.assertConversation(scope, conversation);
    const agents = [...new Set(input.assigned_agents ?? [])];
    await this.assertAgents(scope, agents, 'assigned_agents');
    const autoAssign = agents.length === 0 && (await this.settings.of(accountId)).config.auto_assignment;
    const candidates = autoAssign ? await this.messaging.onlineAgents(scope) : [];
    const status: KanbanItemStatus = details.status === undefined ? 'open' : checkedStatus(details.status);
    const priority = details.priority === undefined ? null : checkedPriority(details.priority);
    const value = details.value === undefined ? null : checkedValue(details.value);

    const row = await this.outbox.transaction(async (tx, emit) => {
      const to = { funnelId, stageKey: stageId };
      await this.funnels.lockStages(tx, [{ funnelId, key: stageId }]);
      const position = input.position ?? (await this.writer.endOf(tx, to));
      if (input.position !== undefined) await this.writer.makeRoom(tx, to, position, null);
      if (autoAssign) {
        const picked = await this.rotation.pick(tx, accountId, candidates);
        if (picked !== null) agents.push(picked);
      }
      const [created]: CardRow[] = await tx.query(
        `INSERT INTO kanban.cards (account_id, funnel_id, stage_key, position, conversation_display_id, assigned_agents, title, description, status, priority, value, currency, custom_attributes)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${CARD_COLUMNS}`,
        [
          accountId,
          funnelId,
          stageId,
          position,
          conversation,
          agents,
          title,
          details.description ?? null,
          status,
          priority,
          value,
          details.currency ? JSON.stringify(details.currency) : null,
          JSON.stringify(attributes),
        ],
      );
      await this.writer.openVisits(tx, [created.id], to, accountId);
      await this.events.created(emit, created);
      return created;
    });
    return toKanbanItem(row);
  }

  /** A plain update: details, links, agents, attributes. Never a move (stage, funnel or position → 422) and no stage automations. */
  async update(
    scope: AccountScoped,
    id: number,
    input: KanbanItemInput & Record<string, unknown>,
  ): Promise<KanbanItem> {
    const accountId = scope.account_id;
    const current = await this.show(accountId, id);
    assertNoPlacementChange(input, current);
    const details = input.item_details ?? {};
    const conversation =
      input.conversation_display_id !== undefined ? input.conversation_display_id : details.conversation_id;
    if (conversation !== undefined) await this.assertConversation(scope, conversation);
    if (input.assigned_agents !== undefined) await this.assertAgents(scope, input.assigned_agents, 'assigned_agents');
    const funnel =
      input.custom_attributes === undefined ? null : await this.funnels.funnel(accountId, current.funnel_id);
    const attributes = funnel
      ? checkedCustomAttributes(
          funnel.global_custom_attributes,
          withoutNulls({ ...current.custom_attributes, ...input.custom_attributes }),
        )
      : null;

    const row = await this.outbox.transaction(async (tx, emit) => {
      const before = await this.writer.lockCard(tx, accountId, id);
      const [after] = await updateReturning(
        tx,
        `UPDATE kanban.cards SET title = $2, description = $3, status = $4, priority = $5, value = $6, currency = $7, conversation_display_id = $8,
           assigned_agents = $9, custom_attributes = $10, updated_at = now() WHERE id = $1 RETURNING ${CARD_COLUMNS}`,
        [
          id,
          details.title === undefined ? before.title : checkedTitle(details.title),
          details.description === undefined ? before.description : details.description,
          details.status === undefined ? before.status : checkedStatus(details.status),
          details.priority === undefined ? before.priority : checkedPriority(details.priority),
          details.value === undefined ? before.value : checkedValue(details.value),
          details.currency === undefined ? jsonOrNull(before.currency) : jsonOrNull(details.currency),
          conversation === undefined ? before.conversation_display_id : conversation,
          input.assigned_agents === undefined ? before.assigned_agents : [...new Set(input.assigned_agents)],
          JSON.stringify(attributes ?? before.custom_attributes),
        ],
      );
      await this.events.updated(emit, [{ before, after }]);
      return after;
    });
    return toKanbanItem(row);
  }

  async delete(accountId: number, id: number): Promise<null> {
    await this.outbox.transaction(async (tx, emit) => {
      const row = await this.writer.lockCard(tx, accountId, id);
      await tx.query('DELETE FROM kanban.cards WHERE id = $1', [id]);
      await this.events.deleted(emit, row);
    });
    return null;
  }

  async assignAgent(scope: AccountScoped, id: number, agentId: number): Promise<KanbanItem> {
    await this.assertAgents(scope, [agentId]);
    return this.changeAgents(scope.account_id, id, (agents) =>
      agents.includes(agentId) ? agents : [...agents, agentId],
    );
  }

  removeAgent(scope: AccountScoped, id: number, agentId: number): Promise<KanbanItem> {
    return this.changeAgents(scope.account_id, id, (agents) => agents.filter((agent) => agent !== agentId));
  }

  async assignedAgents(accountId: number, id: number): Promise<number[]> {
    return (await this.show(accountId, id)).assigned_agents;
  }

  /** Sets the status by hand (emits `status_changed`); stage automations are not run. */
  async changeStatus(accountId: number, id: number, status: KanbanItemStatus): Promise<KanbanItem> {
    const next = checkedStatus(status);
    const row = await this.outbox.transaction(async (tx, emit) => {
      const before = await this.writer.lockCard(tx, accountId, id);
      if (before.status === next) return before;
      const [after] = await updateReturning(
        tx,
        `UPDATE kanban.cards SET status = $2, updated_at = now() WHERE id = $1 RETURNING ${CARD_COLUMNS}`,
        [id, next],
      );
      await this.events.updated(emit, [{ before, after }]);
      return after;
    });
    return toKanbanItem(row);
  }

  private async changeAgents(
    accountId: number,
    id: number,
    change: (agents: number[]) => number[],
  ): Promise<KanbanItem> {
    const row = await this.outbox.transaction(async (tx: EntityManager, emit) => {
      const before = await this.writer.lockCard(tx, accountId, id);
      const [after] = await updateReturning(
        tx,
        `UPDATE kanban.cards SET assigned_agents = $2, updated_at = now() WHERE id = $1 RETURNING ${CARD_COLUMNS}`,
        [id, change(before.assigned_agents)],
      );
      await this.events.updated(emit, [{ before, after }]);
      return after;
    });
    return toKanbanItem(row);
  }

  /** The conversation number must be one of the account's conversations (422), asked of messaging on a miss. */
  async assertConversation(scope: AccountScoped, displayId: number | null): Promise<void> {
    if (displayId === null) return;
    if (!(await this.messaging.conversationExists(scope, displayId))) {
      throw new DomainError(
        KanbanErrors.conversationMissing,
        `Conversation ${displayId} does not exist in this account`,
        ['conversation_display_id'],
      );
    }
  }

  async assertAgents(scope: AccountScoped, agentIds: number[], field = 'agent_id'): Promise<void> {
    const missing = await this.messaging.missingAgents(scope, agentIds);
    if (missing.length)
      throw new DomainError(KanbanErrors.agentMissing, `Not agents of this account: ${missing.join(', ')}`, [field]);
  }
}

function withoutNulls(attributes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(attributes).filter(([, value]) => value !== null));
}

function jsonOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
