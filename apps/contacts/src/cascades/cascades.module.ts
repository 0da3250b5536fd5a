import { Module } from '@nestjs/common';
import { ContactsModule } from '../contacts/contacts.module';
import { ContactCascades } from './contact-cascades.consumer';

@Module({
  imports: [ContactsModule],
  providers: [ContactCascades],
})
export class CascadesModule {}
