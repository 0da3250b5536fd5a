import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AgentPatterns, type AccountScoped, type Agent } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { AdminOnly, Scope } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { InviteAgentDto, UpdateAgentDto } from './agent.dto';
import { AgentView } from './agent.responses';

@ApiTags('agents')
@Controller('api/v1/accounts/:account_id/agents')
export class AgentsController {
  constructor(private readonly rpc: RpcClient) {}

  /** Every member of the account (a bare array). */
  @Get()
  @ApiOkResponse({ type: [AgentView] })
  list(@Scope() scope: AccountScoped): Promise<Agent[]> {
    return this.rpc.send(AgentPatterns.list, scope);
  }

  /** Invites by e-mail: the agent stays pending until it activates through the e-mailed link. */
  @Post()
  @AdminOnly()
  @ApiCreatedResponse({ type: AgentView })
  invite(@Scope() scope: AccountScoped, @Body() body: InviteAgentDto): Promise<Agent> {
    return this.rpc.send(AgentPatterns.invite, { ...scope, data: body });
  }

  @Patch(':id')
  @AdminOnly()
  @ApiOkResponse({ type: AgentView })
  update(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number, @Body() body: UpdateAgentDto): Promise<Agent> {
    return this.rpc.send(AgentPatterns.update, { ...scope, id, data: body });
  }

  @Put(':id')
  @AdminOnly()
  @ApiOkResponse({ type: AgentView })
  replace(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateAgentDto,
  ): Promise<Agent> {
    return this.update(scope, id, body);
  }

  /** Removes the agent from the account; its conversations there become unassigned. */
  @Delete(':id')
  @AdminOnly()
  @HttpCode(204)
  async delete(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<void> {
    await this.rpc.send(AgentPatterns.delete, { ...scope, id });
  }
}
