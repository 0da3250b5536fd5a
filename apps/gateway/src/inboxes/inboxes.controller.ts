import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Patch,
  Post,
  Put,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  CHANNEL_TYPES,
  InboxPatterns,
  type AccountScoped,
  type Agent,
  type AgentBot,
  type ChannelKind,
  type Inbox,
} from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { AdminOnly, Scope } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { UserIdsDto } from '../teams/team.dto';
import { AgentBotView } from '../agent-bots/agent-bot.responses';
import { AgentListView } from '../agents/agent.responses';
import { CreateInboxDto, SetAgentBotDto, UpdateInboxDto } from './inbox.dto';
import { InboxListView, InboxView } from './inbox.responses';

const KIND_OF_TYPE = Object.fromEntries(Object.entries(CHANNEL_TYPES).map(([kind, type]) => [type, kind])) as Record<
  string,
  ChannelKind
>;

@ApiTags('inboxes')
@Controller('api/v1/accounts/:account_id/inboxes')
export class InboxesController {
  constructor(private readonly rpc: RpcClient) {}

  /** Administrators see every inbox, agents the inboxes they are members of. */
  @Get()
  @ApiOkResponse({ type: InboxListView })
  async list(@Scope() scope: AccountScoped): Promise<{ payload: Inbox[] }> {
    return { payload: await this.rpc.send(InboxPatterns.list, scope) };
  }

  @Get(':id')
  @ApiOkResponse({ type: InboxView })
  show(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<Inbox> {
    return this.rpc.send(InboxPatterns.show, { ...scope, id });
  }

  @Post()
  @AdminOnly()
  @ApiCreatedResponse({ type: InboxView })
  create(@Scope() scope: AccountScoped, @Body() body: CreateInboxDto): Promise<Inbox> {
    const {
      channel,
      channel_type,
      webhook_url,
      website_url,
      widget_color,
      welcome_title,
      welcome_tagline,
      phone_number,
      email,
      ...settings
    } = body;
    const type = channel?.type ?? (channel_type ? KIND_OF_TYPE[channel_type] : undefined);
    if (!type) throw new BadRequestException('channel.type: must be given (or channel_type)');
    const fields = {
      webhook_url,
      website_url,
      widget_color,
      welcome_title,
      welcome_tagline,
      phone_number,
      email,
      ...channel,
    };
    return this.rpc.send(InboxPatterns.create, {
      ...scope,
      data: { ...settings, name: body.name, channel: { ...fields, type } },
    });
  }

  @Patch(':id')
  @AdminOnly()
  @ApiOkResponse({ type: InboxView })
  update(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number, @Body() body: UpdateInboxDto): Promise<Inbox> {
    return this.rpc.send(InboxPatterns.update, { ...scope, id, data: body });
  }

  @Put(':id')
  @AdminOnly()
  @ApiOkResponse({ type: InboxView })
  replace(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateInboxDto,
  ): Promise<Inbox> {
    return this.update(scope, id, body);
  }

  /** Deletes the inbox and every conversation in it. */
  @Delete(':id')
  @AdminOnly()
  @HttpCode(204)
  async delete(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<void> {
    await this.rpc.send(InboxPatterns.delete, { ...scope, id });
  }

  @Get(':id/inbox_members')
  @AdminOnly()
  @ApiOkResponse({ type: AgentListView })
  async members(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<{ payload: Agent[] }> {
    return { payload: await this.rpc.send(InboxPatterns.listMembers, { ...scope, id }) };
  }

  /** Replaces the inbox's agents with `user_ids`. */
  @Post(':id/inbox_members')
  @AdminOnly()
  @HttpCode(200)
  @ApiOkResponse({ type: AgentListView })
  async setMembers(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UserIdsDto,
  ): Promise<{ payload: Agent[] }> {
    return { payload: await this.rpc.send(InboxPatterns.setMembers, { ...scope, id, user_ids: body.user_ids }) };
  }

  @Delete(':id/inbox_members')
  @AdminOnly()
  @ApiOkResponse({ type: AgentListView })
  async removeMembers(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: UserIdsDto,
  ): Promise<{ payload: Agent[] }> {
    return { payload: await this.rpc.send(InboxPatterns.removeMembers, { ...scope, id, user_ids: body.user_ids }) };
  }

  /** The bot connected to the inbox; 404 when there is none. */
  @Get(':id/agent_bot')
  @AdminOnly()
  @ApiOkResponse({ type: AgentBotView })
  async agentBot(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<AgentBot> {
    const bot = await this.rpc.send(InboxPatterns.showAgentBot, { ...scope, id });
    if (!bot) throw new NotFoundException('No agent bot is connected to this inbox');
    return bot;
  }

  @Post(':id/set_agent_bot')
  @AdminOnly()
  @HttpCode(204)
  async setAgentBot(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: SetAgentBotDto,
  ): Promise<void> {
    await this.rpc.send(InboxPatterns.setAgentBot, { ...scope, id, agent_bot: body.agent_bot });
  }
}
