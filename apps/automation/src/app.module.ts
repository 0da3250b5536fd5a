import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/service-kit';
import { automationSchema } from './schema';

/**
 * The skeleton every service starts from (docs/service-template.md): the kit, then one module
 * per feature folder as features arrive (`imports: [ServiceKitModule.forRoot(...), WidgetsModule]`).
 */
@Module({
  imports: [ServiceKitModule.forRoot({ service: 'automation', schema: automationSchema })],
})
export class AppModule {}
