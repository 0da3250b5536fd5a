import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  AutomationRulePatterns,
  type AccountScoped,
  type AutomationRule,
  type AutomationRuleRunPage,
} from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { AdminOnly, Scope } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { CreateAutomationRuleDto, RunsQueryDto, UpdateAutomationRuleDto } from './automation-rule.dto';
import { AutomationRuleEnvelope, AutomationRuleListView, AutomationRuleRunPageView } from './automation-rule.responses';

/** Automation rules are for administrators only; lists answer `{payload: […]}`, single rules `{payload: {…}}`. */
@ApiTags('automation rules')
@Controller('api/v1/accounts/:account_id/automation_rules')
@AdminOnly()
export class AutomationRulesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOkResponse({ type: AutomationRuleListView })
  async list(@Scope() scope: AccountScoped): Promise<{ payload: AutomationRule[] }> {
    return { payload: await this.rpc.send(AutomationRulePatterns.list, scope) };
  }

  @Post()
  @ApiCreatedResponse({ type: AutomationRuleEnvelope })
  async create(
    @Scope() scope: AccountScoped,
    @Body() body: CreateAutomationRuleDto,
  ): Promise<{ payload: AutomationRule }> {
    return { payload: await this.rpc.send(AutomationRulePatterns.create, { ...scope, data: body }) };
  }

  @Get(':id')
  @ApiOkResponse({ type: AutomationRuleEnvelope })
  async show(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<{ payload: AutomationRule }> {
    return { payload: await this.rpc.send(AutomationRulePatterns.show, { ...scope, id }) };
  }

  @Patch(':id')
  @ApiOkResponse({ type: AutomationRuleEnvelope })
  async update(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateAutomationRuleDto,
  ): Promise<{ payload: AutomationRule }> {
    return { payload: await this.rpc.send(AutomationRulePatterns.update, { ...scope, id, data: body }) };
  }

  @Put(':id')
  @ApiOkResponse({ type: AutomationRuleEnvelope })
  replace(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateAutomationRuleDto,
  ): Promise<{ payload: AutomationRule }> {
    return this.update(scope, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  async delete(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<void> {
    await this.rpc.send(AutomationRulePatterns.delete, { ...scope, id });
  }

  /** A copy named "<name> (copy)" with the same active flag. */
  @Post(':id/clone')
  @HttpCode(200)
  @ApiOkResponse({ type: AutomationRuleEnvelope })
  async clone(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<{ payload: AutomationRule }> {
    return { payload: await this.rpc.send(AutomationRulePatterns.clone, { ...scope, id }) };
  }

  /** Toggles `active` and answers the rule. */
  @Post(':id/active')
  @HttpCode(200)
  @ApiOkResponse({ type: AutomationRuleEnvelope })
  async toggleActive(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
  ): Promise<{ payload: AutomationRule }> {
    return { payload: await this.rpc.send(AutomationRulePatterns.toggleActive, { ...scope, id }) };
  }

  /** Why the rule did or did not fire: its evaluations of the last 7 days, newest first, 25 per page. */
  @Get(':id/runs')
  @ApiOkResponse({ type: AutomationRuleRunPageView })
  runs(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Query() query: RunsQueryDto,
  ): Promise<AutomationRuleRunPage> {
    return this.rpc.send(AutomationRulePatterns.runs, { ...scope, id, page: query.page });
  }
}
