import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/service-kit';
import { DirectoryModule } from './directory/directory.module';
import { DispatcherConfigModule } from './dispatcher-config.module';
import { FanOutModule } from './fan-out/fan-out.module';
import { webhookDispatcherSchema } from './schema';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({
  imports: [ServiceKitModule.forRoot({ service: 'webhook-dispatcher', schema: webhookDispatcherSchema }), DispatcherConfigModule, WebhooksModule, FanOutModule, DirectoryModule],
})
export class AppModule {}
