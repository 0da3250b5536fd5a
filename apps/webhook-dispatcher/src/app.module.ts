import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/service-kit';
import { CascadesModule } from './cascades/cascades.module';
import { DeliveriesModule } from './deliveries/deliveries.module';
import { DispatcherConfigModule } from './dispatcher-config.module';
import { FanOutModule } from './fan-out/fan-out.module';
import { MessagingViewModule } from './read-models/messaging-view/messaging-view.module';
import { webhookDispatcherSchema } from './schema';
import { TargetsModule } from './targets/targets.module';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({
  imports: [
    ServiceKitModule.forRoot({ service: 'webhook-dispatcher', schema: webhookDispatcherSchema }),
    DispatcherConfigModule,
    MessagingViewModule,
    TargetsModule,
    WebhooksModule,
    DeliveriesModule,
    FanOutModule,
    CascadesModule,
  ],
})
export class AppModule {}
