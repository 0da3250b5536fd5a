import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { InboxMembersService } from './inbox-members.service';
import { InboxesHandlers } from './inboxes.handlers';
import { InboxesLoader } from './inboxes.loader';
import { InboxesService } from './inboxes.service';

@Module({
  imports: [IdentityModule],
  controllers: [InboxesHandlers],
  providers: [InboxesService, InboxMembersService, InboxesLoader],
  exports: [InboxesService, InboxMembersService, InboxesLoader],
})
export class InboxesModule {}
