import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module';
import { InboxMembersService } from './inbox-members.service';
import { InboxesHandlers } from './inboxes.handlers';
import { InboxesLoader } from './inboxes.loader';
import { InboxesService } from './inboxes.service';
import { ProviderChannelsAdapter } from './provider-channels.adapter';

@Module({
  imports: [IdentityModule],
  controllers: [InboxesHandlers],
  providers: [InboxesService, InboxMembersService, InboxesLoader, ProviderChannelsAdapter],
  exports: [InboxesService, InboxMembersService, InboxesLoader, ProviderChannelsAdapter],
})
export class InboxesModule {}
