import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { WebhookPatterns, type AccountScoped, type Webhook, type WebhookDeliveryPage } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { AdminOnly, Scope } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { CreateWebhookDto, DeliveriesQueryDto, UpdateWebhookDto } from './webhook.dto';
import { DeliveryPageView, WebhookListView, WebhookView } from './webhook.responses';

/** Webhook management is for administrators only (the contract's role rules). */
@ApiTags('webhooks')
@Controller('api/v1/accounts/:account_id/webhooks')
@AdminOnly()
export class WebhooksController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOkResponse({ type: WebhookListView })
  async list(@Scope() scope: AccountScoped): Promise<{ payload: Webhook[] }> {
    return { payload: await this.rpc.send(WebhookPatterns.list, scope) };
  }

  /** Does not call the URL: answering 2xx within 5 s is a rule for the receiver. */
  @Post()
  @ApiCreatedResponse({ type: WebhookView })
  create(@Scope() scope: AccountScoped, @Body() body: CreateWebhookDto): Promise<Webhook> {
    return this.rpc.send(WebhookPatterns.create, { ...scope, data: body });
  }

  @Patch(':id')
  @ApiOkResponse({ type: WebhookView })
  update(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateWebhookDto,
  ): Promise<Webhook> {
    return this.rpc.send(WebhookPatterns.update, { ...scope, id, data: body });
  }

  @Put(':id')
  @ApiOkResponse({ type: WebhookView })
  replace(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateWebhookDto,
  ): Promise<Webhook> {
    return this.update(scope, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  async delete(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<void> {
    await this.rpc.send(WebhookPatterns.delete, { ...scope, id });
  }

  /** Recent attempts, newest first, 25 per page. */
  @Get(':id/deliveries')
  @ApiOkResponse({ type: DeliveryPageView })
  deliveries(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Query() query: DeliveriesQueryDto,
  ): Promise<WebhookDeliveryPage> {
    return this.rpc.send(WebhookPatterns.deliveries, { ...scope, id, page: query.page });
  }
}
