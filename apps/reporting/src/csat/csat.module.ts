import { Module } from '@nestjs/common';
import { ModelStateModule } from '../model-state/model-state.module';
import { CsatHandlers } from './csat.handlers';
import { CsatService } from './csat.service';
import { CsatWriter } from './csat.writer';

/** CSAT: surveys (recorded by ingestion), contacts' ratings and the CSAT report. */
@Module({
  imports: [ModelStateModule],
  controllers: [CsatHandlers],
  providers: [CsatService, CsatWriter],
  exports: [CsatService, CsatWriter],
})
export class CsatModule {}
