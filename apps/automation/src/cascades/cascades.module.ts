import { Module } from '@nestjs/common';
import { MacrosModule } from '../macros/macros.module';
import { RulesModule } from '../rules/rules.module';
import { AccountDeletedConsumer } from './account-deleted.consumer';

/** Automation's reactions to other contexts' deletions. */
@Module({
  imports: [RulesModule, MacrosModule],
  providers: [AccountDeletedConsumer],
})
export class CascadesModule {}
