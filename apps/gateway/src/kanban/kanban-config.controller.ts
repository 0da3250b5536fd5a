import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { KanbanConfigPatterns, type AccountScoped, type KanbanConfig, type KanbanWebhookTest } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { AdminOnly, Scope } from '../auth/access.decorators';
import { KanbanConfigBodyDto } from './kanban-config.dto';
import { KanbanConfigView, KanbanWebhookTestView } from './kanban-config.responses';

/** The Kanban configuration: administrators only (it switches the module and holds the webhook secret). */
@ApiTags('kanban')
@AdminOnly()
@Controller('api/v1/accounts/:account_id/kanban_config')
export class KanbanConfigController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOkResponse({ type: KanbanConfigView, description: 'The defaults while none is saved' })
  show(@Scope() scope: AccountScoped): Promise<KanbanConfig> {
    return this.rpc.send(KanbanConfigPatterns.show, scope);
  }

  /** Saves the configuration whole (fields left out take their defaults). */
  @Post()
  @HttpCode(200)
  @ApiOkResponse({ type: KanbanConfigView })
  create(@Scope() scope: AccountScoped, @Body() body: KanbanConfigBodyDto): Promise<KanbanConfig> {
    return this.rpc.send(KanbanConfigPatterns.save, { ...scope, data: body.kanban_config ?? {}, replace: true });
  }

  @Put()
  @ApiOkResponse({ type: KanbanConfigView })
  replace(@Scope() scope: AccountScoped, @Body() body: KanbanConfigBodyDto): Promise<KanbanConfig> {
    return this.create(scope, body);
  }

  /** Changes only the fields given. */
  @Patch()
  @ApiOkResponse({ type: KanbanConfigView })
  update(@Scope() scope: AccountScoped, @Body() body: KanbanConfigBodyDto): Promise<KanbanConfig> {
    return this.rpc.send(KanbanConfigPatterns.save, { ...scope, data: body.kanban_config ?? {}, replace: false });
  }

  @Delete()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Removed: the defaults apply' })
  async delete(@Scope() scope: AccountScoped): Promise<void> {
    await this.rpc.send(KanbanConfigPatterns.delete, scope);
  }

  /** One signed simulated `kanban.item.created` (`"test": true`) to webhook_url; answers the first attempt's outcome. */
  @Post('test_webhook')
  @HttpCode(200)
  @ApiOkResponse({ type: KanbanWebhookTestView })
  testWebhook(@Scope() scope: AccountScoped): Promise<KanbanWebhookTest> {
    return this.rpc.send(KanbanConfigPatterns.testWebhook, scope, { timeoutMs: 15_000 });
  }
}
