import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AutomationEventName } from '@parley/contracts';
import { Repository } from 'typeorm';
import { AutomationRuleEntity } from './persistence/automation-rule.orm-entity';

/** A rule as evaluation needs it. */
export interface ActiveRule {
  id: number;
  createdBy: number;
  webhookSecret: string;
  conditions: AutomationRuleEntity['conditions'];
  actions: AutomationRuleEntity['actions'];
}

/** Reads of rules that evaluation needs. */
@Injectable()
export class RulesLoader {
  constructor(@InjectRepository(AutomationRuleEntity) private readonly rules: Repository<AutomationRuleEntity>) {}

  /** The account's active rules for the event, oldest first (creation order is execution order). */
  async active(accountId: number, eventName: AutomationEventName): Promise<ActiveRule[]> {
    return this.rules.find({ where: { accountId, eventName, active: true }, order: { id: 'ASC' }, select: { id: true, createdBy: true, webhookSecret: true, conditions: true, actions: true } });
  }

  async exists(accountId: number, id: number): Promise<boolean> {
    return this.rules.existsBy({ accountId, id });
  }
}
