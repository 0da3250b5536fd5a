import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityModule } from '../identity/identity.module';
import { InboxMembersService } from './inbox-members.service';
import { InboxesHandlers } from './inboxes.handlers';
import { InboxesLoader } from './inboxes.loader';
import { InboxesService } from './inboxes.service';
import { InboxMemberEntity } from './persistence/inbox-member.orm-entity';
import { InboxEntity } from './persistence/inbox.orm-entity';

@Module({
  imports: [TypeOrmModule.forFeature([InboxEntity, InboxMemberEntity]), IdentityModule],
  controllers: [InboxesHandlers],
  providers: [InboxesService, InboxMembersService, InboxesLoader],
  exports: [InboxesService, InboxMembersService, InboxesLoader],
})
export class InboxesModule {}
