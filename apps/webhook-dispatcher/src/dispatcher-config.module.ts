import { Global, Module } from '@nestjs/common';
import { DISPATCHER_CONFIG, loadDispatcherConfig } from './dispatcher.config';

/** The dispatcher's own settings. */
@Global()
@Module({
  providers: [{ provide: DISPATCHER_CONFIG, useFactory: () => loadDispatcherConfig() }],
  exports: [DISPATCHER_CONFIG],
})
export class DispatcherConfigModule {}
