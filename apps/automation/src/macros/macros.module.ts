import { Module } from '@nestjs/common';
import { ConversationActionsModule } from '../conversation-actions/conversation-actions.module';
import { MacrosHandlers } from './macros.handlers';
import { MacrosService } from './macros.service';

/** Macros: saved actions agents run on conversations (the `macros` table). */
@Module({
  imports: [ConversationActionsModule],
  controllers: [MacrosHandlers],
  providers: [MacrosService],
  exports: [MacrosService],
})
export class MacrosModule {}
