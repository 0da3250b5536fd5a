import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConversationActionsModule } from '../conversation-actions/conversation-actions.module';
import { MacrosHandlers } from './macros.handlers';
import { MacrosService } from './macros.service';
import { MacroEntity } from './persistence/macro.orm-entity';

/** Macros: saved actions agents run on conversations (the `macros` table). */
@Module({
  imports: [TypeOrmModule.forFeature([MacroEntity]), ConversationActionsModule],
  controllers: [MacrosHandlers],
  providers: [MacrosService],
  exports: [MacrosService],
})
export class MacrosModule {}
