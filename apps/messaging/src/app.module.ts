import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/service-kit';
import { IdentityModule } from './identity/identity.module';
import { LabelsModule } from './labels/labels.module';
import { PlatformModule } from './platform/platform.module';
import { messagingSchema } from './schema';

@Module({
  imports: [ServiceKitModule.forRoot({ service: 'messaging', schema: messagingSchema }), IdentityModule, PlatformModule, LabelsModule],
})
export class AppModule {}
