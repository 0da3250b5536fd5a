import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { ContactInboxesHandlers } from './contact-inboxes.handlers';
import { ContactInboxesService } from './contact-inboxes.service';
import { PublicContactsService } from './public-contacts.service';

/** A contact's inbox links as a resource (the links themselves are stored by contacts). */
@Module({
  imports: [ContactsModule, MessagingViewModule],
  controllers: [ContactInboxesHandlers],
  providers: [ContactInboxesService, PublicContactsService],
})
export class ContactInboxesModule {}
