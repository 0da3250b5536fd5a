import { Body, Controller, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  ConversationPatterns as P,
  type AccountScoped,
  type Conversation,
  type ConversationCounts,
  type ToggleStatusResult,
} from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { Scope } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { dataEnvelope, JSON_CONTENT_TYPE } from '../http/passed-json.mapper';
import {
  AssignmentDto,
  ConversationLabelsDto,
  ConversationQueryDto,
  CreateConversationDto,
  CustomAttributesDto,
  ToggleStatusDto,
  TogglePriorityDto,
  TranscriptDto,
  TypingDto,
} from './conversation.dto';
import { FilterDto, FilterPageQueryDto } from '../http/filter.dto';
import { LabelTitlesView } from '../labels/label.responses';
import {
  ConversationListView,
  ConversationMetaCountsView,
  ConversationView,
  EmptyView,
  ToggleStatusView,
} from './conversation.responses';
import { Expensive } from '../rate-limit/expensive.decorators';

@ApiTags('conversations')
@Controller('api/v1/accounts/:account_id/conversations')
export class ConversationsController {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * 25 per page, newest activity first; counts ignore `assignee_type`. The page goes out as
   * messaging encoded it: decoding and encoding 25 conversations again was most of this route's cost.
   */
  @Get()
  @Header('content-type', JSON_CONTENT_TYPE)
  @ApiOkResponse({ type: ConversationListView })
  async list(@Scope() scope: AccountScoped, @Query() query: ConversationQueryDto): Promise<string> {
    return dataEnvelope(await this.rpc.sendJson(P.list, { ...scope, query }));
  }

  @Get('meta')
  @Expensive()
  @ApiOkResponse({ type: ConversationMetaCountsView })
  async meta(
    @Scope() scope: AccountScoped,
    @Query() query: ConversationQueryDto,
  ): Promise<{ meta: ConversationCounts }> {
    return { meta: await this.rpc.send(P.meta, { ...scope, query }) };
  }

  /** Conditions joined by query_operator, AND binding tighter than OR. */
  @Post('filter')
  @HttpCode(200)
  @Header('content-type', JSON_CONTENT_TYPE)
  @ApiOkResponse({ type: ConversationListView })
  async filter(
    @Scope() scope: AccountScoped,
    @Body() body: FilterDto,
    @Query() query: FilterPageQueryDto,
  ): Promise<string> {
    return dataEnvelope(
      await this.rpc.sendJson(P.filter, { ...scope, payload: body.payload, page: body.page ?? query.page }),
    );
  }

  @Get(':id')
  @ApiOkResponse({ type: ConversationView })
  show(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<Conversation> {
    return this.rpc.send(P.show, { ...scope, display_id: id });
  }

  @Post()
  @ApiCreatedResponse({ type: ConversationView })
  create(@Scope() scope: AccountScoped, @Body() body: CreateConversationDto): Promise<Conversation> {
    return this.rpc.send(P.create, { ...scope, data: body });
  }

  /** `assignee_id` / `team_id`: an id sets, null removes, absent leaves. */
  @Post(':id/assignments')
  @HttpCode(204)
  async assign(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: AssignmentDto,
  ): Promise<void> {
    await this.rpc.send(P.assign, { ...scope, display_id: id, data: body });
  }

  @Post(':id/toggle_status')
  @HttpCode(200)
  @ApiOkResponse({ type: ToggleStatusView })
  toggleStatus(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: ToggleStatusDto,
  ): Promise<ToggleStatusResult> {
    return this.rpc.send(P.toggleStatus, { ...scope, display_id: id, data: body });
  }

  @Post(':id/toggle_priority')
  @HttpCode(200)
  @ApiOkResponse({ type: ConversationView })
  togglePriority(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: TogglePriorityDto,
  ): Promise<Conversation> {
    return this.rpc.send(P.togglePriority, { ...scope, display_id: id, priority: body.priority });
  }

  @Get(':id/labels')
  @ApiOkResponse({ type: LabelTitlesView })
  async labels(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<{ payload: string[] }> {
    return { payload: await this.rpc.send(P.listLabels, { ...scope, display_id: id }) };
  }

  /** Replaces every label of the conversation. */
  @Post(':id/labels')
  @HttpCode(204)
  async setLabels(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: ConversationLabelsDto,
  ): Promise<void> {
    await this.rpc.send(P.setLabels, { ...scope, display_id: id, labels: body.labels });
  }

  /** A muted conversation stays in lists but notifies nobody. */
  @Post(':id/mute')
  @HttpCode(200)
  @ApiOkResponse({ type: ConversationView })
  mute(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<Conversation> {
    return this.rpc.send(P.mute, { ...scope, display_id: id });
  }

  @Post(':id/unmute')
  @HttpCode(200)
  @ApiOkResponse({ type: ConversationView })
  unmute(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<Conversation> {
    return this.rpc.send(P.unmute, { ...scope, display_id: id });
  }

  /** E-mails the public messages of the conversation. */
  @Post(':id/transcript')
  @HttpCode(200)
  @ApiOkResponse({ type: EmptyView })
  async transcript(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: TranscriptDto,
  ): Promise<Record<string, never>> {
    await this.rpc.send(P.transcript, { ...scope, display_id: id, email: body.email });
    return {};
  }

  @Post(':id/update_last_seen')
  @HttpCode(200)
  @ApiOkResponse({ type: ConversationView })
  updateLastSeen(@Scope() scope: AccountScoped, @Param('id', IdPipe) id: number): Promise<Conversation> {
    return this.rpc.send(P.updateLastSeen, { ...scope, display_id: id });
  }

  @Post(':id/toggle_typing_status')
  @HttpCode(200)
  @ApiOkResponse({ type: EmptyView })
  async typing(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: TypingDto,
  ): Promise<Record<string, never>> {
    await this.rpc.send(P.toggleTyping, { ...scope, display_id: id, typing_status: body.typing_status });
    return {};
  }

  /** Sets only the attributes given (null removes one), checked against the definitions. */
  @Post(':id/custom_attributes')
  @HttpCode(200)
  @ApiOkResponse({ type: ConversationView })
  customAttributes(
    @Scope() scope: AccountScoped,
    @Param('id', IdPipe) id: number,
    @Body() body: CustomAttributesDto,
  ): Promise<Conversation> {
    return this.rpc.send(P.setCustomAttributes, {
      ...scope,
      display_id: id,
      custom_attributes: body.custom_attributes,
    });
  }
}
