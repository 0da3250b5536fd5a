import { Module } from '@nestjs/common';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { ContactBatchWriter } from './contact-batch.writer';
import { ContactChangesWriter } from './contact-changes.writer';
import { ContactInboxLinksWriter } from './contact-inbox-links.writer';
import { ContactMergeWriter } from './contact-merge.writer';
import { ContactPresenceService } from './contact-presence.service';
import { ContactReferencesWriter } from './contact-references.writer';
import { ContactsHandlers } from './contacts.handlers';
import { ContactsLoader } from './contacts.loader';
import { ContactsService } from './contacts.service';
import { LastActivityConsumer } from './last-activity.consumer';

/** Contacts and their inbox links (the `contacts` and `contact_inboxes` tables). */
@Module({
  imports: [MessagingViewModule],
  controllers: [ContactsHandlers],
  providers: [
    ContactsService,
    ContactChangesWriter,
    ContactInboxLinksWriter,
    ContactMergeWriter,
    ContactsLoader,
    ContactBatchWriter,
    ContactReferencesWriter,
    LastActivityConsumer,
    ContactPresenceService,
  ],
  exports: [
    ContactsService,
    ContactsLoader,
    ContactChangesWriter,
    ContactInboxLinksWriter,
    ContactMergeWriter,
    ContactBatchWriter,
    ContactReferencesWriter,
    ContactPresenceService,
  ],
})
export class ContactsModule {}
