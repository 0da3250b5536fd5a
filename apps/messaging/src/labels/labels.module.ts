import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LabelEntity } from './persistence/label.orm-entity';
import { LabelsHandlers } from './labels.handlers';
import { LabelsService } from './labels.service';

@Module({
  imports: [TypeOrmModule.forFeature([LabelEntity])],
  controllers: [LabelsHandlers],
  providers: [LabelsService],
})
export class LabelsModule {}
