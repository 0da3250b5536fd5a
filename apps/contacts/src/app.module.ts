import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/service-kit';
import { contactsSchema } from './schema';

@Module({
  imports: [ServiceKitModule.forRoot({ service: 'contacts', schema: contactsSchema })],
})
export class AppModule {}
