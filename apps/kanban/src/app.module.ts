import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/service-kit';
import { kanbanSchema } from './schema';

/**
 * The skeleton every service starts from (docs/service-template.md): the kit, then one module
 * per feature folder as features arrive (`imports: [ServiceKitModule.forRoot(...), WidgetsModule]`).
 */
@Module({
  imports: [ServiceKitModule.forRoot({ service: 'kanban', schema: kanbanSchema })],
})
export class AppModule {}
