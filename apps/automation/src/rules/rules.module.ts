import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountReferencesAdapter } from './account-references.adapter';
import { AutomationRuleEntity } from './persistence/automation-rule.orm-entity';
import { RulesHandlers } from './rules.handlers';
import { RulesLoader } from './rules.loader';
import { RulesService } from './rules.service';

/** Automation rules: what to do to a conversation when one of its events matches (the `rules` table). */
@Module({
  imports: [TypeOrmModule.forFeature([AutomationRuleEntity])],
  controllers: [RulesHandlers],
  providers: [RulesService, RulesLoader, AccountReferencesAdapter],
  exports: [RulesLoader],
})
export class RulesModule {}
