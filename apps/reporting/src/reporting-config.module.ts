import { Global, Module } from '@nestjs/common';
import { loadReportingConfig, REPORTING_CONFIG } from './reporting.config';

/** The reporting service's own settings. */
@Global()
@Module({
  providers: [{ provide: REPORTING_CONFIG, useFactory: () => loadReportingConfig() }],
  exports: [REPORTING_CONFIG],
})
export class ReportingConfigModule {}
