import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AUTOMATION_EVENT_NAMES,
  RULE_ACTION_NAMES,
  AutomationRuleErrors,
  type AccountScoped,
  type AutomationEventName,
  type AutomationRule,
  type CreateAutomationRuleInput,
  type UpdateAutomationRuleInput,
} from '@parley/contracts';
import { DomainError, selectOneOrFail } from '@parley/service-kit';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { AccountReferencesAdapter } from '../conversation-actions/account-references.adapter';
import { checkActions } from '../conversation-actions/action-params.rules';
import { AUTOMATION_RULE_COLUMNS, type AutomationRuleRow } from './persistence/automation-rule.row';
import { checkConditions, namesCustomAttributes } from './rule-conditions.rules';
import { toAutomationRule } from './rule.mapper';

const newSecret = () => randomBytes(32).toString('base64url');
const notFound = (): never => {
  throw new DomainError(AutomationRuleErrors.notFound, 'Automation rule not found');
};

type RuleBody = Pick<AutomationRuleRow, 'name' | 'description' | 'event_name' | 'conditions' | 'actions' | 'active'>;

/** The values of a body's columns (name, description, event_name, conditions, actions, active), jsonb as JSON text. */
function bodyValues(body: RuleBody): unknown[] {
  return [
    body.name,
    body.description,
    body.event_name,
    JSON.stringify(body.conditions),
    JSON.stringify(body.actions),
    body.active,
  ];
}

/** Automation rules of an account: administrators' CRUD, each write validated against the account's data in messaging. */
@Injectable()
export class RulesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly references: AccountReferencesAdapter,
  ) {}

  async list(accountId: number): Promise<AutomationRule[]> {
    const rows: AutomationRuleRow[] = await this.dataSource.query(
      `SELECT ${AUTOMATION_RULE_COLUMNS} FROM automation.rules WHERE account_id = $1 ORDER BY id`,
      [accountId],
    );
    return rows.map(toAutomationRule);
  }

  async show(accountId: number, id: number): Promise<AutomationRule> {
    return toAutomationRule(await this.find(accountId, id));
  }

  async create(scope: AccountScoped, input: CreateAutomationRuleInput): Promise<AutomationRule> {
    const body = await this.checked(scope, {
      name: input.name,
      description: input.description ?? null,
      event_name: input.event_name,
      conditions: input.conditions,
      actions: input.actions,
      active: input.active ?? true,
    });
    return toAutomationRule(await this.insert(scope.account_id, scope.caller.user_id, body));
  }

  /** The fields given replace the stored ones; the result is validated as a whole (a new event may rule out a condition). */
  async update(scope: AccountScoped, id: number, input: UpdateAutomationRuleInput): Promise<AutomationRule> {
    const current = await this.find(scope.account_id, id);
    const body = await this.checked(scope, {
      name: input.name ?? current.name,
      description: input.description !== undefined ? input.description : current.description,
      event_name: input.event_name ?? current.event_name,
      conditions: input.conditions ?? current.conditions,
      actions: input.actions ?? current.actions,
      active: input.active ?? current.active,
    });
    // updated_at moves only when a value changes.
    const [rows] = (await this.dataSource.query(
      `UPDATE automation.rules
          SET name = $2, description = $3, event_name = $4, conditions = $5, actions = $6, active = $7,
              updated_at = CASE WHEN (name, description, event_name, conditions, actions, active) IS DISTINCT FROM ($2::text, $3::text, $4::text, $5::jsonb, $6::jsonb, $7::boolean)
                                THEN now() ELSE updated_at END
        WHERE id = $1 RETURNING ${AUTOMATION_RULE_COLUMNS}`,
      [id, ...bodyValues(body)],
    )) as [AutomationRuleRow[], number];
    return toAutomationRule(rows[0] ?? notFound());
  }

  async delete(accountId: number, id: number): Promise<null> {
    const [, count] = (await this.dataSource.query('DELETE FROM automation.rules WHERE account_id = $1 AND id = $2', [
      accountId,
      id,
    ])) as [unknown, number];
    if (count === 0) notFound();
    return null;
  }

  /** A copy named "<name> (copy)", with the same active flag (it runs after every older rule) and a secret of its own. */
  async clone(scope: AccountScoped, id: number): Promise<AutomationRule> {
    const original = await this.find(scope.account_id, id);
    return toAutomationRule(
      await this.insert(original.account_id, scope.caller.user_id, { ...original, name: `${original.name} (copy)` }),
    );
  }

  async toggleActive(accountId: number, id: number): Promise<AutomationRule> {
    const [rows] = (await this.dataSource.query(
      `UPDATE automation.rules SET active = NOT active, updated_at = now() WHERE account_id = $1 AND id = $2 RETURNING ${AUTOMATION_RULE_COLUMNS}`,
      [accountId, id],
    )) as [AutomationRuleRow[], number];
    return toAutomationRule(rows[0] ?? notFound());
  }

  /** A deleted account's rules, and their run logs with them (foreign key). */
  async deleteOfAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.query('DELETE FROM automation.rules WHERE account_id = $1', [accountId]);
  }

  find(accountId: number, id: number): Promise<AutomationRuleRow> {
    return selectOneOrFail(
      this.dataSource,
      `SELECT ${AUTOMATION_RULE_COLUMNS} FROM automation.rules WHERE account_id = $1 AND id = $2`,
      [accountId, id],
      'Automation rule',
      AutomationRuleErrors.notFound,
    );
  }

  /** A new rule (with a secret of its own) run in the name of `createdBy`. */
  private async insert(accountId: number, createdBy: number, body: RuleBody): Promise<AutomationRuleRow> {
    const [row]: AutomationRuleRow[] = await this.dataSource.query(
      `INSERT INTO automation.rules (account_id, created_by, webhook_secret, name, description, event_name, conditions, actions, active)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${AUTOMATION_RULE_COLUMNS}`,
      [accountId, createdBy, newSecret(), ...bodyValues(body)],
    );
    return row;
  }

  private async checked(scope: AccountScoped, body: RuleBody): Promise<RuleBody> {
    const name = body.name.trim();
    if (name.length === 0) throw new DomainError(AutomationRuleErrors.nameBlank, "Name can't be blank", ['name']);
    if (!(AUTOMATION_EVENT_NAMES as readonly string[]).includes(body.event_name)) {
      throw new DomainError(
        AutomationRuleErrors.invalidEvent,
        `Event name must be one of ${AUTOMATION_EVENT_NAMES.join(', ')}`,
        ['event_name'],
      );
    }
    const [definitions, refs] = await Promise.all([
      namesCustomAttributes(body.conditions) ? this.references.attributeDefinitions(scope) : [],
      this.references.references(scope, body.actions),
    ]);
    const conditions = checkConditions(body.event_name as AutomationEventName, body.conditions, definitions);
    const actions = checkActions(body.actions, refs, {
      allowed: RULE_ACTION_NAMES,
      code: AutomationRuleErrors.invalidActions,
    });
    return { ...body, name, conditions, actions };
  }
}
