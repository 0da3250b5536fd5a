import { Body, Controller, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { PublicApiPatterns, type PublicContact, type PublicInbox } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { Public } from '../auth/access.decorators';
import { PublicContactDto } from './public-api.dto';
import { PublicContactView, PublicInboxView } from './public-api.responses';
import { WidgetLimit, WidgetRateLimitGuard } from './widget-rate-limit.guard';

/**
 * The public client API of an API-channel (`inbox_identifier`) or web-widget (`website_token`)
 * inbox: no access token, the inbox's public token and the contact's source id are the keys.
 */
@ApiTags('public client API')
@Public()
@UseGuards(WidgetRateLimitGuard)
@Controller('public/api/v1/inboxes/:inbox_identifier')
export class PublicInboxesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOkResponse({ type: PublicInboxView })
  inbox(@Param('inbox_identifier') token: string): Promise<PublicInbox> {
    return this.rpc.send(PublicApiPatterns.inbox, { inbox_token: token });
  }

  /** The contact under `source_id` if the inbox has it; else found by identifier, e-mail or phone number; else new. */
  @Post('contacts')
  @HttpCode(200)
  @WidgetLimit('widget_contacts')
  @ApiOkResponse({ type: PublicContactView })
  createContact(@Param('inbox_identifier') token: string, @Body() body: PublicContactDto): Promise<PublicContact> {
    return this.rpc.send(PublicApiPatterns.createContact, { inbox_token: token, data: body });
  }

  @Get('contacts/:contact_identifier')
  @ApiOkResponse({ type: PublicContactView })
  showContact(
    @Param('inbox_identifier') token: string,
    @Param('contact_identifier') contact: string,
  ): Promise<PublicContact> {
    return this.rpc.send(PublicApiPatterns.showContact, { inbox_token: token, contact_identifier: contact });
  }

  /** `identifier` only proves `identifier_hash` here: it is never changed. */
  @Patch('contacts/:contact_identifier')
  @WidgetLimit('widget_contacts')
  @ApiOkResponse({ type: PublicContactView })
  updateContact(
    @Param('inbox_identifier') token: string,
    @Param('contact_identifier') contact: string,
    @Body() body: PublicContactDto,
  ): Promise<PublicContact> {
    return this.rpc.send(PublicApiPatterns.updateContact, {
      inbox_token: token,
      contact_identifier: contact,
      data: body,
    });
  }
}
