import { Body, Controller, Delete, Get, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  MESSAGE_TYPES,
  MessagePatterns,
  type AccountScoped,
  type Message,
  type MessagesPage,
  type StoredFile,
} from '@parley/contracts';
import { FILE_STORAGE, RpcClient, type FileStorage } from '@parley/service-kit';
import type { FastifyRequest } from 'fastify';
import { Scope } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { ApiMultipartBody } from '../openapi/multipart-body.decorators';
import { CreateMessageDto, CreateMessageFormDto, MessagesQueryDto } from './message.dto';
import { MessagesPageView, MessageView } from './message.responses';
import { readMultipartMessage } from './multipart-message.parser';

@ApiTags('messages')
@Controller('api/v1/accounts/:account_id/conversations/:conversation_id/messages')
export class MessagesController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** Oldest first: the latest 20, 20 before `before`, or up to 100 after `after`. */
  @Get()
  @ApiOkResponse({ type: MessagesPageView })
  list(
    @Scope() scope: AccountScoped,
    @Param('conversation_id', IdPipe) conversationId: number,
    @Query() query: MessagesQueryDto,
  ): Promise<MessagesPage> {
    return this.rpc.send(MessagePatterns.list, { ...scope, display_id: conversationId, query });
  }

  /** JSON, or multipart with repeated `attachments[]` files (booleans as "true"/"false", objects as JSON text). */
  @Post()
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiMultipartBody(CreateMessageFormDto)
  @ApiCreatedResponse({ type: MessageView })
  async create(
    @Scope() scope: AccountScoped,
    @Param('conversation_id', IdPipe) conversationId: number,
    @Body() body: CreateMessageDto,
    @Req() request: FastifyRequest,
  ): Promise<Message> {
    let dto = body;
    let files: StoredFile[] = [];
    if (request.isMultipart()) ({ dto, files } = await readMultipartMessage(request, this.storage, scope.account_id));
    try {
      const messageType = dto.message_type ?? MESSAGE_TYPES[1];
      return await this.rpc.send(MessagePatterns.create, {
        ...scope,
        display_id: conversationId,
        data: { ...dto, message_type: messageType, files },
      });
    } catch (error) {
      // Nothing refers to the files of a refused message.
      await Promise.all(files.map((file) => this.storage.remove(file.storage_key)));
      throw error;
    }
  }

  /** The message stays as a placeholder (the inbox's deleted-message text); answers it. */
  @Delete(':id')
  @ApiOkResponse({ type: MessageView, description: 'The placeholder the message leaves' })
  remove(
    @Scope() scope: AccountScoped,
    @Param('conversation_id', IdPipe) conversationId: number,
    @Param('id', IdPipe) id: number,
  ): Promise<Message> {
    return this.rpc.send(MessagePatterns.delete, { ...scope, display_id: conversationId, message_id: id });
  }
}
