import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CampaignPatterns, type AccountScoped, type Campaign, type CampaignSendPage } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { AdminOnly, Scope } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { CampaignSendsQueryDto, CreateCampaignDto, UpdateCampaignDto } from './campaign.dto';
import { CampaignSendPageView, CampaignView } from './campaign.responses';

/** Campaigns are for administrators only; lists and records are answered bare (as the reference API does). */
@ApiTags('campaigns')
@Controller('api/v1/accounts/:account_id/campaigns')
@AdminOnly()
export class CampaignsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOkResponse({ type: [CampaignView] })
  list(@Scope() scope: AccountScoped): Promise<Campaign[]> {
    return this.rpc.send(CampaignPatterns.list, scope);
  }

  @Post()
  @ApiCreatedResponse({ type: CampaignView })
  create(@Scope() scope: AccountScoped, @Body() body: CreateCampaignDto): Promise<Campaign> {
    return this.rpc.send(CampaignPatterns.create, { ...scope, data: body });
  }

  @Get(':id')
  @ApiOkResponse({ type: CampaignView })
  show(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<Campaign> {
    return this.rpc.send(CampaignPatterns.show, { ...scope, id });
  }

  @Patch(':id')
  @ApiOkResponse({ type: CampaignView })
  update(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateCampaignDto,
  ): Promise<Campaign> {
    return this.rpc.send(CampaignPatterns.update, { ...scope, id, data: body });
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  async delete(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<void> {
    await this.rpc.send(CampaignPatterns.delete, { ...scope, id });
  }

  @Post(':id/pause')
  @HttpCode(204)
  @ApiNoContentResponse()
  async pause(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<void> {
    await this.rpc.send(CampaignPatterns.pause, { ...scope, id });
  }

  /** Back to the state it was paused from; a draft is launched. */
  @Post(':id/resume')
  @HttpCode(204)
  @ApiNoContentResponse()
  async resume(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<void> {
    await this.rpc.send(CampaignPatterns.resume, { ...scope, id });
  }

  /** The send log: one entry per contact of the audience, 25 per page. */
  @Get(':id/sends')
  @ApiOkResponse({ type: CampaignSendPageView })
  sends(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Query() query: CampaignSendsQueryDto,
  ): Promise<CampaignSendPage> {
    return this.rpc.send(CampaignPatterns.sends, { ...scope, id, query: { status: query.status, page: query.page } });
  }
}
