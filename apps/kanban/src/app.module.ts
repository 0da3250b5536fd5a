import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/service-kit';
import { kanbanSchema } from './schema';

@Module({
  imports: [ServiceKitModule.forRoot({ service: 'kanban', schema: kanbanSchema })],
})
export class AppModule {}
