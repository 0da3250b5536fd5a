import { Module } from '@nestjs/common';
import { AccountReferencesAdapter } from './account-references.adapter';
import { ConversationActionsAdapter } from './conversation-actions.adapter';

/** The actions rules and macros share: their params checked against the account, and applied by commands to messaging. */
@Module({
  providers: [ConversationActionsAdapter, AccountReferencesAdapter],
  exports: [ConversationActionsAdapter, AccountReferencesAdapter],
})
export class ConversationActionsModule {}
