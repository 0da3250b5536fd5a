import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { InboxPatterns, type AccountScoped, type Agent } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { AgentListView } from '../agents/agent.responses';
import { AdminOnly, Scope } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { InboxMembersDto } from './inbox.dto';

/**
 * The inbox member routes widely used client libraries call, with the inbox in the path of the
 * list and in the body otherwise; same roles and answers as `{v1}/inboxes/{id}/inbox_members`.
 */
@ApiTags('inboxes')
@Controller('api/v1/accounts/:account_id/inbox_members')
export class InboxMembersController {
  constructor(private readonly rpc: RpcClient) {}

  @Get(':inbox_id')
  @AdminOnly()
  @ApiOkResponse({ type: AgentListView })
  async list(@Scope() scope: AccountScoped, @Param('inbox_id', IdPipe) inboxId: number): Promise<{ payload: Agent[] }> {
    return { payload: await this.rpc.send(InboxPatterns.listMembers, { ...scope, id: inboxId }) };
  }

  /** Adds the agents (unlike `POST {v1}/inboxes/{id}/inbox_members`, which replaces). */
  @Post()
  @AdminOnly()
  @HttpCode(200)
  @ApiOkResponse({ type: AgentListView })
  async add(@Scope() scope: AccountScoped, @Body() body: InboxMembersDto): Promise<{ payload: Agent[] }> {
    return {
      payload: await this.rpc.send(InboxPatterns.addMembers, { ...scope, id: body.inbox_id, user_ids: body.user_ids }),
    };
  }

  /** Replaces the inbox's agents with `user_ids`. */
  @Patch()
  @AdminOnly()
  @ApiOkResponse({ type: AgentListView })
  async set(@Scope() scope: AccountScoped, @Body() body: InboxMembersDto): Promise<{ payload: Agent[] }> {
    return {
      payload: await this.rpc.send(InboxPatterns.setMembers, { ...scope, id: body.inbox_id, user_ids: body.user_ids }),
    };
  }

  @Delete()
  @AdminOnly()
  @ApiOkResponse({ type: AgentListView })
  async remove(@Scope() scope: AccountScoped, @Body() body: InboxMembersDto): Promise<{ payload: Agent[] }> {
    return {
      payload: await this.rpc.send(InboxPatterns.removeMembers, {
        ...scope,
        id: body.inbox_id,
        user_ids: body.user_ids,
      }),
    };
  }
}
