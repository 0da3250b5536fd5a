import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  ForbiddenException,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
  createParamDecorator,
  type ExecutionContext,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  KanbanAutomationPatterns as P,
  type AccountScoped,
  type KanbanAutomation,
  type KanbanAutomationRun,
} from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { AdminOnly, Scope } from '../auth/access.decorators';
import type { AuthenticatedRequest } from '../auth/authenticated-request.types';
import { IdPipe } from '../http/id.pipe';
import { KanbanAutomationBodyDto, LegacyAccountQueryDto } from './kanban-automation.dto';
import { KanbanAutomationRunView, KanbanAutomationView } from './kanban-automation.responses';

/** The automations of one account, for both route families (the same store and behaviour). */
class AutomationRoutes {
  constructor(protected readonly rpc: RpcClient) {}

  protected listOf(scope: AccountScoped): Promise<KanbanAutomation[]> {
    return this.rpc.send(P.list, scope);
  }

  protected createIn(scope: AccountScoped, body: KanbanAutomationBodyDto): Promise<KanbanAutomation> {
    return this.rpc.send(P.create, { ...scope, data: body.kanban_automation });
  }

  protected showIn(scope: AccountScoped, id: number): Promise<KanbanAutomation> {
    return this.rpc.send(P.show, { ...scope, id });
  }

  protected updateIn(scope: AccountScoped, id: number, body: KanbanAutomationBodyDto): Promise<KanbanAutomation> {
    return this.rpc.send(P.update, { ...scope, id, data: body.kanban_automation });
  }

  protected async deleteIn(scope: AccountScoped, id: number): Promise<void> {
    await this.rpc.send(P.delete, { ...scope, id });
  }
}

/** `/kanban/automations`: the recommended, account-scoped variant; administrators, like automation rules. */
@ApiTags('kanban')
@AdminOnly()
@Controller('api/v1/accounts/:account_id/kanban/automations')
export class KanbanAutomationsController extends AutomationRoutes {
  constructor(rpc: RpcClient) {
    super(rpc);
  }

  @Get()
  @ApiOkResponse({ type: [KanbanAutomationView] })
  list(@Scope() scope: AccountScoped): Promise<KanbanAutomation[]> {
    return this.listOf(scope);
  }

  @Post()
  @ApiCreatedResponse({ type: KanbanAutomationView })
  create(@Scope() scope: AccountScoped, @Body() body: KanbanAutomationBodyDto): Promise<KanbanAutomation> {
    return this.createIn(scope, body);
  }

  @Get(':id')
  @ApiOkResponse({ type: KanbanAutomationView })
  show(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<KanbanAutomation> {
    return this.showIn(scope, id);
  }

  @Patch(':id')
  @ApiOkResponse({ type: KanbanAutomationView })
  update(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: KanbanAutomationBodyDto,
  ): Promise<KanbanAutomation> {
    return this.updateIn(scope, id, body);
  }

  @Put(':id')
  @ApiOkResponse({ type: KanbanAutomationView })
  replace(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: KanbanAutomationBodyDto,
  ): Promise<KanbanAutomation> {
    return this.updateIn(scope, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  delete(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<void> {
    return this.deleteIn(scope, id);
  }

  /** The automation's runs, newest first: card, trigger, outcome, time. */
  @Get(':id/runs')
  @ApiOkResponse({ type: [KanbanAutomationRunView] })
  runs(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<KanbanAutomationRun[]> {
    return this.rpc.send(P.runs, { ...scope, id });
  }
}

/**
 * The account of a legacy request: the token's account (its only one, or `account_id` among
 * its memberships; several without a choice → 400), where the caller must be an administrator.
 */
const TokenAccount = createParamDecorator((_: unknown, context: ExecutionContext): AccountScoped => {
  const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
  const accounts = request.identity!.accounts;
  const raw = (request.query as Record<string, unknown> | undefined)?.account_id;
  const wanted = typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  const membership =
    wanted === null ? (accounts.length === 1 ? accounts[0] : null) : accounts.find((account) => account.id === wanted);
  if (wanted !== null && !membership) throw new ForbiddenException('You are not authorized to access this account');
  if (!membership)
    throw new BadRequestException(
      accounts.length === 0
        ? 'account_id: the token belongs to no account'
        : 'account_id: the token belongs to several accounts, name one',
    );
  if (membership.role !== 'administrator') throw new ForbiddenException('This action requires the administrator role');
  return { account_id: membership.id, caller: { user_id: request.identity!.user_id, role: membership.role } };
});

/** `/api/v1/kanban_automations`: the legacy global variant, kept for compatibility. */
@ApiTags('kanban')
@Controller('api/v1/kanban_automations')
export class LegacyKanbanAutomationsController extends AutomationRoutes {
  constructor(rpc: RpcClient) {
    super(rpc);
  }

  @Get()
  @ApiOkResponse({ type: [KanbanAutomationView] })
  list(@TokenAccount() scope: AccountScoped, @Query() _query: LegacyAccountQueryDto): Promise<KanbanAutomation[]> {
    return this.listOf(scope);
  }

  @Post()
  @ApiCreatedResponse({ type: KanbanAutomationView })
  create(
    @TokenAccount() scope: AccountScoped,
    @Body() body: KanbanAutomationBodyDto,
    @Query() _query: LegacyAccountQueryDto,
  ): Promise<KanbanAutomation> {
    return this.createIn(scope, body);
  }

  @Get(':id')
  @ApiOkResponse({ type: KanbanAutomationView })
  show(
    @TokenAccount() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Query() _query: LegacyAccountQueryDto,
  ): Promise<KanbanAutomation> {
    return this.showIn(scope, id);
  }

  @Patch(':id')
  @ApiOkResponse({ type: KanbanAutomationView })
  update(
    @TokenAccount() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: KanbanAutomationBodyDto,
    @Query() _query: LegacyAccountQueryDto,
  ): Promise<KanbanAutomation> {
    return this.updateIn(scope, id, body);
  }

  @Put(':id')
  @ApiOkResponse({ type: KanbanAutomationView })
  replace(
    @TokenAccount() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: KanbanAutomationBodyDto,
    @Query() _query: LegacyAccountQueryDto,
  ): Promise<KanbanAutomation> {
    return this.updateIn(scope, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  delete(
    @TokenAccount() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Query() _query: LegacyAccountQueryDto,
  ): Promise<void> {
    return this.deleteIn(scope, id);
  }
}
