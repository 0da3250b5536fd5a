import { Global, Module } from '@nestjs/common';
import { CONTACTS_CONFIG, loadContactsConfig } from './contacts.config';

/** The contacts service's own settings. */
@Global()
@Module({
  providers: [{ provide: CONTACTS_CONFIG, useFactory: () => loadContactsConfig() }],
  exports: [CONTACTS_CONFIG],
})
export class ContactsConfigModule {}
