import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module';
import { ContactLabelsHandlers } from './contact-labels.handlers';
import { ContactLabelsService } from './contact-labels.service';

/** A contact's labels, read and replaced as a set. */
@Module({
  imports: [ContactsModule],
  controllers: [ContactLabelsHandlers],
  providers: [ContactLabelsService],
})
export class ContactLabelsModule {}
