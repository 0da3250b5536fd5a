import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  CampaignPatterns,
  PublicApiPatterns,
  type AccountScoped,
  type PublicWidgetConfig,
  type PublicWidgetInbox,
} from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { Public } from '../auth/access.decorators';
import { WidgetCampaignTriggerDto } from './public-api.dto';
import { PublicWidgetConfigView, WidgetCampaignTriggerView } from './public-api.responses';
import { WidgetLimit, WidgetRateLimitGuard } from './widget-rate-limit.guard';

/** The visitor's widget acts for no user: the trigger reads only the account of its scope. */
const scopeOf = (inbox: PublicWidgetInbox): AccountScoped => ({
  account_id: inbox.account_id,
  caller: { user_id: 0, role: 'agent' },
});

/**
 * What a web widget needs beyond the reference's 13 operations (web-widget inboxes only, by
 * `website_token`): its window's texts and colour with the inbox's ongoing campaigns, and the
 * trigger those campaigns fire through when the visitor has spent their time on the page.
 */
@ApiTags('public client API')
@Public()
@UseGuards(WidgetRateLimitGuard)
@Controller('public/api/v1/inboxes/:inbox_identifier')
export class WidgetConfigController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('widget_config')
  @ApiOkResponse({ type: PublicWidgetConfigView })
  async config(@Param('inbox_identifier') token: string): Promise<PublicWidgetConfig> {
    const { inbox_id, account_id, ...inbox } = await this.rpc.send(PublicApiPatterns.widgetInbox, {
      inbox_token: token,
    });
    const campaigns = await this.rpc.send(CampaignPatterns.ongoingTriggers, { account_id, inbox_id });
    return { ...inbox, campaigns };
  }

  /** The contact's visit fires the inbox's first matching ongoing campaign (once per contact); its message arrives over /cable. */
  @Post('contacts/:contact_identifier/campaign_triggers')
  @HttpCode(200)
  @WidgetLimit('widget_conversations')
  @ApiOkResponse({ type: WidgetCampaignTriggerView })
  async trigger(
    @Param('inbox_identifier') token: string,
    @Param('contact_identifier') contact: string,
    @Body() body: WidgetCampaignTriggerDto,
  ): Promise<WidgetCampaignTriggerView> {
    const inbox = await this.rpc.send(PublicApiPatterns.widgetInbox, { inbox_token: token });
    const { id: contactId } = await this.rpc.send(PublicApiPatterns.showContact, {
      inbox_token: token,
      contact_identifier: contact,
    });
    const fired = await this.rpc.send(CampaignPatterns.trigger, {
      ...scopeOf(inbox),
      id: inbox.inbox_id,
      data: { contact_id: contactId, url: body.url, time_on_page: body.time_on_page },
    });
    return { campaign_id: fired.campaign_id };
  }
}
