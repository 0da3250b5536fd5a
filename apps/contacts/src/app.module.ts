import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/service-kit';
import { ContactsModule } from './contacts/contacts.module';
import { contactsSchema } from './schema';

@Module({
  imports: [ServiceKitModule.forRoot({ service: 'contacts', schema: contactsSchema }), ContactsModule],
})
export class AppModule {}
