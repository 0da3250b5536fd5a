import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/service-kit';
import { automationSchema } from './schema';

@Module({
  imports: [ServiceKitModule.forRoot({ service: 'automation', schema: automationSchema })],
})
export class AppModule {}
