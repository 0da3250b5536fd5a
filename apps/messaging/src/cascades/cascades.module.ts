import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { ContactsViewModule } from '../read-models/contacts-view/contacts-view.module';
import { ContactCascades } from './contact-cascades.consumer';
import { ConversationCascades } from './conversation-cascades.consumer';

/** The one place where messaging reacts to deletions, renames and merges of what its records refer to. */
@Module({
  imports: [ConversationsModule, ContactsViewModule],
  providers: [ConversationCascades, ContactCascades],
})
export class CascadesModule {}
