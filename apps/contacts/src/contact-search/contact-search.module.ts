import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { ContactSearchHandlers } from './contact-search.handlers';
import { ContactQuery } from './contact.query';

/** Listing, searching and filtering contacts (the rows through the contacts feature's loader). */
@Module({
  imports: [ContactsModule, MessagingViewModule],
  controllers: [ContactSearchHandlers],
  providers: [ContactQuery],
})
export class ContactSearchModule {}
