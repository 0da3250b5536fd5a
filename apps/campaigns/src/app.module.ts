import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/service-kit';
import { CampaignsConfigModule } from './campaigns-config.module';
import { CampaignsModule } from './campaigns/campaigns.module';
import { CascadesModule } from './cascades/cascades.module';
import { MessagingViewModule } from './read-models/messaging-view/messaging-view.module';
import { SendingModule } from './sending/sending.module';
import { TriggersModule } from './triggers/triggers.module';
import { campaignsSchema } from './schema';

@Module({
  imports: [
    ServiceKitModule.forRoot({ service: 'campaigns', schema: campaignsSchema }),
    CampaignsConfigModule,
    MessagingViewModule,
    CampaignsModule,
    SendingModule,
    TriggersModule,
    CascadesModule,
  ],
})
export class AppModule {}
