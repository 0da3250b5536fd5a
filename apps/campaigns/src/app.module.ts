import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/service-kit';
import { campaignsSchema } from './schema';

@Module({
  imports: [ServiceKitModule.forRoot({ service: 'campaigns', schema: campaignsSchema })],
})
export class AppModule {}
