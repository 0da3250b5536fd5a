import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/service-kit';
import { LookupModule } from './lookup/lookup.module';
import { contactsSchema } from './schema';

@Module({
  imports: [ServiceKitModule.forRoot({ service: 'contacts', schema: contactsSchema }), LookupModule],
})
export class AppModule {}
