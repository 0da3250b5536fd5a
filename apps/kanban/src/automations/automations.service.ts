import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  KanbanWorkErrors,
  type AccountScoped,
  type KanbanAutomation,
  type KanbanAutomationAction,
  type KanbanAutomationInput,
  type KanbanAutomationRun,
} from '@parley/contracts';
import { DomainError, publicHttpsUrl } from '@parley/service-kit';
import { DataSource } from 'typeorm';
import { CardsService } from '../cards/cards.service';
import { FunnelsLoader } from '../funnels/funnels.loader';
import { KANBAN_SERVICE_CONFIG, type KanbanServiceConfig } from '../kanban.config';
import { toAutomation, toRun } from './automation.mapper';
import { checkedActions, checkedConditions, checkedTrigger } from './automation.rules';
import type { AutomationRunRow } from './persistence/automation-run.row';
import { AUTOMATION_COLUMNS, type AutomationRow } from './persistence/automation.row';

const invalid = (message: string, field: string) =>
  new DomainError(KanbanWorkErrors.automationInvalid, message, [field]);

/** Stage automations (`/kanban/automations` and the legacy `/kanban_automations`: one store). */
@Injectable()
export class AutomationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly funnels: FunnelsLoader,
    private readonly cards: CardsService,
    @Inject(KANBAN_SERVICE_CONFIG) private readonly config: KanbanServiceConfig,
  ) {}

  async list(accountId: number): Promise<KanbanAutomation[]> {
    const rows: AutomationRow[] = await this.dataSource.query(
      `SELECT ${AUTOMATION_COLUMNS} FROM kanban.automations WHERE account_id = $1 ORDER BY id`,
      [accountId],
    );
    return rows.map(toAutomation);
  }

  async show(accountId: number, id: number): Promise<KanbanAutomation> {
    return toAutomation(await this.find(accountId, id));
  }

  async create(scope: AccountScoped, input: KanbanAutomationInput): Promise<KanbanAutomation> {
    const fields = await this.checked(scope, input, null);
    const [row]: AutomationRow[] = await this.dataSource.query(
      `INSERT INTO kanban.automations (account_id, funnel_id, name, trigger, stage_key, hours, conditions, actions, active, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${AUTOMATION_COLUMNS}`,
      [
        scope.account_id,
        fields.funnel_id,
        fields.name,
        fields.trigger,
        fields.stage_id,
        fields.hours,
        JSON.stringify(fields.conditions),
        JSON.stringify(fields.actions),
        fields.active,
        scope.caller.user_id,
      ],
    );
    return toAutomation(row);
  }

  async update(scope: AccountScoped, id: number, input: KanbanAutomationInput): Promise<KanbanAutomation> {
    const current = await this.find(scope.account_id, id);
    const fields = await this.checked(scope, input, current);
    const [rows] = (await this.dataSource.query(
      `UPDATE kanban.automations SET funnel_id = $2, name = $3, trigger = $4, stage_key = $5, hours = $6, conditions = $7, actions = $8, active = $9, updated_at = now()
        WHERE id = $1 RETURNING ${AUTOMATION_COLUMNS}`,
      [
        id,
        fields.funnel_id,
        fields.name,
        fields.trigger,
        fields.stage_id,
        fields.hours,
        JSON.stringify(fields.conditions),
        JSON.stringify(fields.actions),
        fields.active,
      ],
    )) as [AutomationRow[], number];
    return toAutomation(rows[0]);
  }

  async delete(accountId: number, id: number): Promise<null> {
    await this.find(accountId, id);
    await this.dataSource.query('DELETE FROM kanban.automations WHERE id = $1', [id]);
    return null;
  }

  async runs(accountId: number, id: number): Promise<KanbanAutomationRun[]> {
    await this.find(accountId, id);
    const rows: AutomationRunRow[] = await this.dataSource.query(
      'SELECT id, automation_id, card_id, trigger, outcome, detail, created_at FROM kanban.automation_runs WHERE automation_id = $1 ORDER BY id DESC LIMIT 100',
      [id],
    );
    return rows.map(toRun);
  }

  private async find(accountId: number, id: number): Promise<AutomationRow> {
    const [row]: AutomationRow[] = await this.dataSource.query(
      `SELECT ${AUTOMATION_COLUMNS} FROM kanban.automations WHERE id = $1 AND account_id = $2`,
      [id, accountId],
    );
    if (!row) throw new DomainError(KanbanWorkErrors.automationNotFound, 'Kanban automation not found');
    return row;
  }

  /** The automation as it would be (the stored one with the input's fields), every part checked: shapes, then what it names. */
  private async checked(scope: AccountScoped, input: KanbanAutomationInput, current: AutomationRow | null) {
    const name = input.name ?? current?.name;
    if (typeof name !== 'string' || name.trim() === '') throw invalid("Name can't be blank", 'name');
    const funnelId = input.funnel_id ?? current?.funnel_id;
    if (funnelId === undefined) throw invalid('funnel_id is required', 'funnel_id');
    const funnel = await this.funnels.funnel(scope.account_id, funnelId, 'body');
    const stageId = input.stage_id === undefined ? (current?.stage_key ?? null) : input.stage_id;
    if (stageId !== null && !funnel.stages[stageId])
      throw invalid(`Stage ${stageId} is not a stage of funnel ${funnelId}`, 'stage_id');
    const hours = input.hours === undefined ? (current?.hours ?? null) : input.hours;
    const trigger = checkedTrigger(input.trigger ?? current?.trigger, stageId, hours);
    const conditions = checkedConditions(input.conditions ?? current?.conditions ?? []);
    const actions = checkedActions(input.actions ?? current?.actions ?? []);
    await this.checkReferences(scope, actions, Object.keys(funnel.stages));
    return {
      name: name.trim(),
      funnel_id: funnelId,
      stage_id: stageId,
      hours: trigger === 'time_in_stage' ? hours : null,
      trigger,
      conditions,
      actions,
      active: input.active ?? current?.active ?? true,
    };
  }

  private async checkReferences(
    scope: AccountScoped,
    actions: KanbanAutomationAction[],
    stages: string[],
  ): Promise<void> {
    for (const [index, action] of actions.entries()) {
      const [param] = action.action_params;
      const field = `actions.${index}.action_params`;
      if (action.action_name === 'assign_agent') await this.cards.assertAgents(scope, [Number(param)], field);
      if (action.action_name === 'move_to_stage' && !stages.includes(String(param)))
        throw invalid(`Stage ${String(param)} is not a stage of this funnel`, field);
      if (action.action_name === 'send_webhook')
        await publicHttpsUrl(String(param), field, 'Webhook URL', this.config.allowedHosts);
    }
  }
}
