import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DeliveryPatterns,
  type AccountScoped,
  type KanbanItem,
  type KanbanItemStatus,
  type KanbanPriority,
} from '@parley/contracts';
import { RpcClient, runInRequestContext } from '@parley/service-kit';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { BoardSettingsLoader } from '../board-settings/board-settings.loader';
import { CardMovesService } from '../card-moves/card-moves.service';
import { CardsService } from '../cards/cards.service';
import { ChecklistsService } from '../checklists/checklists.service';
import { NotesService } from '../notes/notes.service';
import { AUTOMATION_ORIGIN, conditionsMatch } from './automation.rules';
import { AUTOMATION_COLUMNS, type AutomationRow } from './persistence/automation.row';

/**
 * Runs an automation's actions on a card, in order, as the automation: every change carries the
 * origin `kanban_automation:<id>`, so the events it causes trigger no automation (loop guard).
 * Each run is logged with its outcome.
 */
@Injectable()
export class AutomationRunsService {
  private readonly logger = new Logger(AutomationRunsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cards: CardsService,
    private readonly moves: CardMovesService,
    private readonly checklists: ChecklistsService,
    private readonly notes: NotesService,
    private readonly settings: BoardSettingsLoader,
    private readonly rpc: RpcClient,
  ) {}

  /** Active automations of the funnel for the trigger (and stage, when the trigger watches one). */
  matching(funnelId: number, trigger: string, stageId: string | null): Promise<AutomationRow[]> {
    return this.dataSource.query(
      `SELECT ${AUTOMATION_COLUMNS} FROM kanban.automations WHERE funnel_id = $1 AND trigger = $2 AND active AND (stage_key IS NULL OR stage_key = $3) ORDER BY id`,
      [funnelId, trigger, stageId],
    );
  }

  /**
   * Runs the automation when its conditions hold for the card (as it is now); logs the run.
   * `key` names this firing (a timer's), so that a firing run twice adds no checklist item twice.
   */
  async run(automation: AutomationRow, cardId: number, trigger: string, key: string | null = null): Promise<void> {
    const scope: AccountScoped = {
      account_id: automation.account_id,
      caller: { user_id: automation.created_by, role: 'administrator' },
    };
    const context = { correlationId: randomUUID(), origin: `${AUTOMATION_ORIGIN}${automation.id}` };
    await runInRequestContext(context, async () => {
      let card: KanbanItem;
      try {
        card = await this.cards.show(automation.account_id, cardId);
      } catch {
        return; // the card is gone: nothing to do
      }
      if (!conditionsMatch(automation.conditions, card)) return;
      try {
        for (const [index, action] of automation.actions.entries())
          await this.apply(scope, card, action.action_name, action.action_params[0], key && `${key}:${index}`);
        await this.log(automation.id, cardId, trigger, 'success', null);
      } catch (error) {
        this.logger.warn(`Kanban automation ${automation.id} failed on card ${cardId}: ${(error as Error).message}`);
        await this.log(automation.id, cardId, trigger, 'failed', (error as Error).message);
      }
    });
  }

  private async apply(
    scope: AccountScoped,
    card: KanbanItem,
    name: string,
    param: string | number,
    key: string | null,
  ): Promise<void> {
    switch (name) {
      case 'assign_agent':
        await this.cards.assignAgent(scope, card.id, Number(param));
        return;
      case 'set_priority':
        await this.cards.update(scope, card.id, { item_details: { priority: param as KanbanPriority } });
        return;
      case 'change_status':
        await this.cards.changeStatus(scope.account_id, card.id, param as KanbanItemStatus);
        return;
      case 'add_checklist_item':
        await this.checklists.create(scope, card.id, { text: String(param) }, key);
        return;
      case 'create_note':
        await this.notes.create(scope, card.id, { text: String(param) });
        return;
      case 'move_to_stage':
        await this.moves.moveToStage(scope.account_id, card.id, String(param), undefined, undefined);
        return;
      case 'send_webhook': {
        const config = await this.settings.of(scope.account_id);
        if (!config.webhook_secret)
          throw new Error('send_webhook signs with kanban_config.webhook_secret: none is configured');
        const payload = {
          id: randomUUID(),
          event: 'kanban.automation',
          created_at: Math.floor(Date.now() / 1000),
          account_id: scope.account_id,
          data: card,
        };
        await this.rpc.send(DeliveryPatterns.enqueue, {
          account_id: scope.account_id,
          url: String(param),
          secret: config.webhook_secret,
          event: 'kanban.automation',
          payload,
        });
        return;
      }
    }
  }

  private async log(
    automationId: number,
    cardId: number,
    trigger: string,
    outcome: 'success' | 'failed',
    detail: string | null,
  ): Promise<void> {
    await this.dataSource.query(
      'INSERT INTO kanban.automation_runs (automation_id, card_id, trigger, outcome, detail) VALUES ($1, $2, $3, $4, $5)',
      [automationId, cardId, trigger, outcome, detail],
    );
  }
}
