import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/service-kit';
import { reportingSchema } from './schema';

@Module({
  imports: [ServiceKitModule.forRoot({ service: 'reporting', schema: reportingSchema })],
})
export class AppModule {}
