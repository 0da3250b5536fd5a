import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { IdentityModule } from '../identity/identity.module';
import { CustomFiltersHandlers } from './custom-filters.handlers';
import { CustomFiltersService } from './custom-filters.service';

@Module({
  imports: [ConversationsModule, IdentityModule],
  controllers: [CustomFiltersHandlers],
  providers: [CustomFiltersService],
})
export class CustomFiltersModule {}
