import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module';
import { ImportsModule } from '../imports/imports.module';
import { MessagingViewModule } from '../read-models/messaging-view/messaging-view.module';
import { AccountDeletedConsumer } from './account-deleted.consumer';
import { ContactCascadesConsumer } from './contact-cascades.consumer';

@Module({
  imports: [ContactsModule, ImportsModule, MessagingViewModule],
  providers: [ContactCascadesConsumer, AccountDeletedConsumer],
})
export class CascadesModule {}
