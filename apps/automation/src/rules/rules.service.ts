import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
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
import { DomainError, findOneOrFail } from '@parley/service-kit';
import { randomBytes } from 'node:crypto';
import { Repository, type EntityManager } from 'typeorm';
import { AccountReferencesAdapter } from '../conversation-actions/account-references.adapter';
import { checkActions } from '../conversation-actions/action-params.rules';
import { AutomationRuleEntity } from './persistence/automation-rule.orm-entity';
import { checkConditions, namesCustomAttributes } from './rule-conditions.rules';
import { toAutomationRule } from './rule.mapper';

const newSecret = () => randomBytes(32).toString('base64url');

type RuleBody = Pick<AutomationRuleEntity, 'name' | 'description' | 'eventName' | 'conditions' | 'actions' | 'active'>;

/** Automation rules of an account: administrators' CRUD, each write validated against the account's data in messaging. */
@Injectable()
export class RulesService {
  constructor(
    @InjectRepository(AutomationRuleEntity) private readonly rules: Repository<AutomationRuleEntity>,
    private readonly references: AccountReferencesAdapter,
  ) {}

  async list(accountId: number): Promise<AutomationRule[]> {
    return (await this.rules.find({ where: { accountId }, order: { id: 'ASC' } })).map(toAutomationRule);
  }

  async show(accountId: number, id: number): Promise<AutomationRule> {
    return toAutomationRule(await this.find(accountId, id));
  }

  async create(scope: AccountScoped, input: CreateAutomationRuleInput): Promise<AutomationRule> {
    const body = await this.checked(scope, {
      name: input.name,
      description: input.description ?? null,
      eventName: input.event_name,
      conditions: input.conditions,
      actions: input.actions,
      active: input.active ?? true,
    });
    const entity = this.rules.create({ ...body, accountId: scope.account_id, createdBy: scope.caller.user_id, webhookSecret: newSecret() });
    return toAutomationRule(await this.rules.save(entity));
  }

  /** The fields given replace the stored ones; the result is validated as a whole (a new event may rule out a condition). */
  async update(scope: AccountScoped, id: number, input: UpdateAutomationRuleInput): Promise<AutomationRule> {
    const entity = await this.find(scope.account_id, id);
    const body = await this.checked(scope, {
      name: input.name ?? entity.name,
      description: input.description !== undefined ? input.description : entity.description,
      eventName: input.event_name ?? entity.eventName,
      conditions: input.conditions ?? entity.conditions,
      actions: input.actions ?? entity.actions,
      active: input.active ?? entity.active,
    });
    Object.assign(entity, body);
    return toAutomationRule(await this.rules.save(entity));
  }

  async delete(accountId: number, id: number): Promise<null> {
    await this.rules.delete({ id: (await this.find(accountId, id)).id });
    return null;
  }

  /** A copy named "<name> (copy)", with the same active flag (it runs after every older rule) and a secret of its own. */
  async clone(scope: AccountScoped, id: number): Promise<AutomationRule> {
    const original = await this.find(scope.account_id, id);
    const copy = this.rules.create({
      accountId: original.accountId,
      name: `${original.name} (copy)`,
      description: original.description,
      eventName: original.eventName,
      conditions: original.conditions,
      actions: original.actions,
      active: original.active,
      createdBy: scope.caller.user_id,
      webhookSecret: newSecret(),
    });
    return toAutomationRule(await this.rules.save(copy));
  }

  async toggleActive(accountId: number, id: number): Promise<AutomationRule> {
    const entity = await this.find(accountId, id);
    entity.active = !entity.active;
    return toAutomationRule(await this.rules.save(entity));
  }

  /** A deleted account's rules, and their run logs with them (foreign key). */
  async deleteOfAccount(tx: EntityManager, accountId: number): Promise<void> {
    await tx.delete(AutomationRuleEntity, { accountId });
  }

  find(accountId: number, id: number): Promise<AutomationRuleEntity> {
    return findOneOrFail(this.rules, { accountId, id }, 'Automation rule', AutomationRuleErrors.notFound);
  }

  private async checked(scope: AccountScoped, body: RuleBody): Promise<RuleBody> {
    const name = body.name.trim();
    if (name.length === 0) throw new DomainError(AutomationRuleErrors.nameBlank, "Name can't be blank", ['name']);
    if (!(AUTOMATION_EVENT_NAMES as readonly string[]).includes(body.eventName)) {
      throw new DomainError(AutomationRuleErrors.invalidEvent, `Event name must be one of ${AUTOMATION_EVENT_NAMES.join(', ')}`, ['event_name']);
    }
    const [definitions, refs] = await Promise.all([
      namesCustomAttributes(body.conditions) ? this.references.attributeDefinitions(scope) : [],
      this.references.references(scope, body.actions),
    ]);
    const conditions = checkConditions(body.eventName as AutomationEventName, body.conditions, definitions);
    const actions = checkActions(body.actions, refs, { allowed: RULE_ACTION_NAMES, code: AutomationRuleErrors.invalidActions });
    return { ...body, name, conditions, actions };
  }
}
