import { Module } from '@nestjs/common';
import { BoardSettingsModule } from '../board-settings/board-settings.module';
import { FunnelsHandlers } from './funnels.handlers';
import { FunnelsLoader } from './funnels.loader';
import { FunnelsService } from './funnels.service';

/** Funnels and their stages (the `funnels` and `stages` tables). */
@Module({
  imports: [BoardSettingsModule],
  controllers: [FunnelsHandlers],
  providers: [FunnelsService, FunnelsLoader],
  exports: [FunnelsService, FunnelsLoader],
})
export class FunnelsModule {}
