import { Module } from '@nestjs/common';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { ContactBatchWriter } from './contact-batch.writer';
import { ContactChangesWriter } from './contact-changes.writer';
import { ContactInboxLinksWriter } from './contact-inbox-links.writer';
import { ContactLabelsService } from './contact-labels.service';
import { ContactMergeWriter } from './contact-merge.writer';
import { ContactReferencesWriter } from './contact-references.writer';
import { ContactQuery } from './contact.query';
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
    ContactLabelsService,
    ContactChangesWriter,
    ContactInboxLinksWriter,
    ContactMergeWriter,
    ContactsLoader,
    ContactQuery,
    ContactBatchWriter,
    ContactReferencesWriter,
    LastActivityConsumer,
  ],
  exports: [
    ContactsService,
    ContactsLoader,
    ContactChangesWriter,
    ContactInboxLinksWriter,
    ContactMergeWriter,
    ContactBatchWriter,
    ContactReferencesWriter,
  ],
})
export class ContactsModule {}
