import { Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/service-kit';
import { CascadesModule } from './cascades/cascades.module';
import { EvaluationModule } from './evaluation/evaluation.module';
import { MacrosModule } from './macros/macros.module';
import { RulesModule } from './rules/rules.module';
import { automationSchema } from './schema';

@Module({
  imports: [
    ServiceKitModule.forRoot({ service: 'automation', schema: automationSchema }),
    RulesModule,
    EvaluationModule,
    MacrosModule,
    CascadesModule,
  ],
})
export class AppModule {}
