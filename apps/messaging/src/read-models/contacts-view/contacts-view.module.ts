import { Module } from '@nestjs/common';
import { ContactsViewConsumer } from './contacts-view.consumer';
import { ContactsViewService } from './contacts-view.service';
import { ContactsViewWriter } from './contacts-view.writer';

/** The contacts service's contacts as messaging needs them: names, addresses, blocked. */
@Module({
  providers: [ContactsViewService, ContactsViewWriter, ContactsViewConsumer],
  exports: [ContactsViewService, ContactsViewWriter],
})
export class ContactsViewModule {}
