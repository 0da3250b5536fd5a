import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CampaignPatterns, type AccountScoped, type CampaignTriggerResult } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { Scope } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { CampaignTriggerDto } from './campaign.dto';
import { CampaignTriggerResultView } from './campaign.responses';

/** What the widget side calls when a visitor has spent time on a page: an ongoing campaign whose rules match starts a conversation. */
@ApiTags('campaigns')
@Controller('api/v1/accounts/:account_id/inboxes/:id/campaign_triggers')
export class CampaignTriggersController {
  constructor(private readonly rpc: RpcClient) {}

  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: CampaignTriggerResultView })
  trigger(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: CampaignTriggerDto,
  ): Promise<CampaignTriggerResult> {
    return this.rpc.send(CampaignPatterns.trigger, { ...scope, id, data: body });
  }
}
