import { Module } from '@nestjs/common';
import { ModelStateLoader } from './model-state.loader';

/** Whether the model is complete or being rebuilt. */
@Module({ providers: [ModelStateLoader], exports: [ModelStateLoader] })
export class ModelStateModule {}
