import { Module } from '@nestjs/common';
import { ConversationActionsModule } from '../conversation-actions/conversation-actions.module';
import { RulesHandlers } from './rules.handlers';
import { RulesLoader } from './rules.loader';
import { RulesService } from './rules.service';

/** Automation rules: what to do to a conversation when one of its events matches (the `rules` table). */
@Module({
  imports: [ConversationActionsModule],
  controllers: [RulesHandlers],
  providers: [RulesService, RulesLoader],
  exports: [RulesLoader, RulesService],
})
export class RulesModule {}
