import { Module } from '@nestjs/common';
import { TargetGuard } from './target.guard';

/** The rule every URL the dispatcher calls must pass, for the features that accept or call one. */
@Module({
  providers: [TargetGuard],
  exports: [TargetGuard],
})
export class TargetsModule {}
