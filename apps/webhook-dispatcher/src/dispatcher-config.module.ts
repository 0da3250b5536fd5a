import { Global, Module } from '@nestjs/common';
import { DISPATCHER_CONFIG, loadDispatcherConfig } from './dispatcher-config';
import { TargetGuard } from './targets/target-guard';

/** The dispatcher's own settings and the target rule every feature applies. */
@Global()
@Module({
  providers: [{ provide: DISPATCHER_CONFIG, useFactory: () => loadDispatcherConfig() }, TargetGuard],
  exports: [DISPATCHER_CONFIG, TargetGuard],
})
export class DispatcherConfigModule {}
