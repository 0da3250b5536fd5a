import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CampaignMessagePatterns, type RpcRequest } from '@parley/contracts';
import { CampaignSendsService } from './campaign-sends.service';

@Controller()
export class CampaignSendsHandlers {
  constructor(private readonly campaignSends: CampaignSendsService) {}

  /** A campaign's message to one contact (the campaigns service's command). */
  @MessagePattern(CampaignMessagePatterns.send)
  sendForCampaign(@Payload() r: RpcRequest<typeof CampaignMessagePatterns.send>) {
    return this.campaignSends.sendForCampaign(r, r);
  }

  /** A campaign's messages to several contacts in one transaction (the campaigns service's command). */
  @MessagePattern(CampaignMessagePatterns.sendMany)
  async sendManyForCampaign(@Payload() r: RpcRequest<typeof CampaignMessagePatterns.sendMany>) {
    return { results: await this.campaignSends.sendManyForCampaign(r, r) };
  }
}
