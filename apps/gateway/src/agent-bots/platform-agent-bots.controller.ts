import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { PlatformAgentBotPatterns as P, type AgentBot } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { PlatformOnly } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { CreateAgentBotDto, UpdateAgentBotDto } from './agent-bot.dto';
import { AgentBotView } from './agent-bot.responses';

/** Bots of no account (`account_id` null): any account's administrators may connect their inboxes to them. */
@ApiTags('platform')
@PlatformOnly()
@Controller('platform/api/v1/agent_bots')
export class PlatformAgentBotsController {
  constructor(private readonly rpc: RpcClient) {}

  @Get()
  @ApiOkResponse({ type: [AgentBotView] })
  list(): Promise<AgentBot[]> {
    return this.rpc.send(P.list, {});
  }

  @Get(':id')
  @ApiOkResponse({ type: AgentBotView })
  show(@Param('id', IdPipe) id: number): Promise<AgentBot> {
    return this.rpc.send(P.show, { id });
  }

  @Post()
  @ApiCreatedResponse({ type: AgentBotView })
  create(@Body() body: CreateAgentBotDto): Promise<AgentBot> {
    return this.rpc.send(P.create, { data: body });
  }

  @Patch(':id')
  @ApiOkResponse({ type: AgentBotView })
  update(@Param('id', IdPipe) id: number, @Body() body: UpdateAgentBotDto): Promise<AgentBot> {
    return this.rpc.send(P.update, { id, data: body });
  }

  /** Inboxes of every account connected to the bot are disconnected. */
  @Delete(':id')
  @HttpCode(204)
  async delete(@Param('id', IdPipe) id: number): Promise<void> {
    await this.rpc.send(P.delete, { id });
  }
}
