import { Module } from '@nestjs/common';
import { LabelsHandlers } from './labels.handlers';
import { LabelsService } from './labels.service';

@Module({
  controllers: [LabelsHandlers],
  providers: [LabelsService],
})
export class LabelsModule {}
