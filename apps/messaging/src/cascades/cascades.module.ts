import { Module } from '@nestjs/common';
import { ConversationsModule } from '../conversations/conversations.module';
import { MessagesModule } from '../messages/messages.module';
import { ContactsViewModule } from '../read-models/contacts-view/contacts-view.module';
import { AccountDeletedConsumer } from './account-deleted.consumer';
import { ContactCascadesConsumer } from './contact-cascades.consumer';
import { ConversationCascadesConsumer } from './conversation-cascades.consumer';

/** The one place where messaging reacts to deletions, renames and merges of what its records refer to. */
@Module({
  imports: [ConversationsModule, ContactsViewModule, MessagesModule],
  providers: [ConversationCascadesConsumer, ContactCascadesConsumer, AccountDeletedConsumer],
})
export class CascadesModule {}
