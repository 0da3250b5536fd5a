import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/service-kit';
import { webhookDispatcherSchema } from './schema';

@Module({
  imports: [ServiceKitModule.forRoot({ service: 'webhook-dispatcher', schema: webhookDispatcherSchema })],
})
export class AppModule {}
