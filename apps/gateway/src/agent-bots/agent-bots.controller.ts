import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AgentBotPatterns, type AccountScoped, type AgentBot } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { AdminOnly, Scope } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { CreateAgentBotDto, UpdateAgentBotDto } from './agent-bot.dto';
import { AgentBotView } from './agent-bot.responses';

@ApiTags('agent bots')
@AdminOnly()
@Controller('api/v1/accounts/:account_id/agent_bots')
export class AgentBotsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOkResponse({ type: [AgentBotView] })
  list(@Scope() scope: AccountScoped): Promise<AgentBot[]> {
    return this.rpc.send(AgentBotPatterns.list, scope);
  }

  @Get(':id')
  @ApiOkResponse({ type: AgentBotView })
  show(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<AgentBot> {
    return this.rpc.send(AgentBotPatterns.show, { ...scope, id });
  }

  @Post()
  @ApiCreatedResponse({ type: AgentBotView })
  create(@Scope() scope: AccountScoped, @Body() body: CreateAgentBotDto): Promise<AgentBot> {
    return this.rpc.send(AgentBotPatterns.create, { ...scope, data: body });
  }

  @Patch(':id')
  @ApiOkResponse({ type: AgentBotView })
  update(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateAgentBotDto,
  ): Promise<AgentBot> {
    return this.rpc.send(AgentBotPatterns.update, { ...scope, id, data: body });
  }

  @Put(':id')
  @ApiOkResponse({ type: AgentBotView })
  replace(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateAgentBotDto,
  ): Promise<AgentBot> {
    return this.update(scope, id, body);
  }

  /** Inboxes connected to the bot are disconnected. */
  @Delete(':id')
  @HttpCode(204)
  async delete(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<void> {
    await this.rpc.send(AgentBotPatterns.delete, { ...scope, id });
  }
}
