import { Global, Module } from '@nestjs/common';
import { CAMPAIGNS_CONFIG, loadCampaignsConfig } from './campaigns.config';

/** Settings of the campaigns service itself. */
@Global()
@Module({
  providers: [{ provide: CAMPAIGNS_CONFIG, useFactory: () => loadCampaignsConfig() }],
  exports: [CAMPAIGNS_CONFIG],
})
export class CampaignsConfigModule {}
