import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Patch,
  Post,
  Query,
  Req,
  UseGuards,
} from '@nestjs/common';
import { ApiConsumes, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  PublicApiPatterns,
  type PublicConversation,
  type PublicConversationRef,
  type PublicMessage,
  type StoredFile,
} from '@parley/contracts';
import { FILE_STORAGE, RpcClient, type FileStorage } from '@parley/service-kit';
import type { FastifyRequest } from 'fastify';
import { Public } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { readMultipartMessage } from '../messages/multipart-message.parser';
import {
  PublicConversationDto,
  PublicMessageDto,
  PublicMessagesQueryDto,
  PublicTypingDto,
  SubmittedValuesDto,
} from './public-api.dto';
import { PublicConversationView, PublicMessageView } from './public-api.responses';
import { PublicInboxKindsService } from './public-inbox-kinds.service';
import { WidgetLimit, WidgetRateLimitGuard } from './widget-rate-limit.guard';

const NOT_FOUND_ERROR = 'Resource could not be found';

/** A public contact's conversations and messages (display ids; private notes and activity never shown). */
@ApiTags('public client API')
@Public()
@UseGuards(WidgetRateLimitGuard)
@Controller('public/api/v1/inboxes/:inbox_identifier/contacts/:contact_identifier/conversations')
export class PublicConversationsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly kinds: PublicInboxKindsService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  @Get()
  @ApiOkResponse({ type: [PublicConversationView] })
  list(
    @Param('inbox_identifier') token: string,
    @Param('contact_identifier') contact: string,
  ): Promise<PublicConversation[]> {
    return this.rpc.send(PublicApiPatterns.listConversations, { inbox_token: token, contact_identifier: contact });
  }

  @Post()
  @HttpCode(200)
  @WidgetLimit('widget_conversations')
  @ApiOkResponse({ type: PublicConversationView })
  create(
    @Param('inbox_identifier') token: string,
    @Param('contact_identifier') contact: string,
    @Body() body: PublicConversationDto,
  ): Promise<PublicConversation> {
    return this.rpc.send(PublicApiPatterns.createConversation, {
      inbox_token: token,
      contact_identifier: contact,
      data: body,
    });
  }

  @Get(':conversation_id')
  @ApiOkResponse({ type: PublicConversationView })
  show(
    @Param('inbox_identifier') token: string,
    @Param('contact_identifier') contact: string,
    @Param('conversation_id', IdPipe) id: number,
  ): Promise<PublicConversation> {
    return this.rpc.send(PublicApiPatterns.showConversation, ref(token, contact, id));
  }

  /** Resolves (a contact cannot reopen; already resolved: unchanged). */
  @Post(':conversation_id/toggle_status')
  @HttpCode(200)
  @ApiOkResponse({ type: PublicConversationView })
  toggleStatus(
    @Param('inbox_identifier') token: string,
    @Param('contact_identifier') contact: string,
    @Param('conversation_id', IdPipe) id: number,
  ): Promise<PublicConversation> {
    return this.rpc.send(PublicApiPatterns.toggleStatus, ref(token, contact, id));
  }

  /** Answered 204 (the reference: 200 with no body; clients read either as success). */
  @Post(':conversation_id/toggle_typing')
  @HttpCode(204)
  @ApiNoContentResponse()
  async toggleTyping(
    @Param('inbox_identifier') token: string,
    @Param('contact_identifier') contact: string,
    @Param('conversation_id', IdPipe) id: number,
    @Body() body: PublicTypingDto,
  ): Promise<void> {
    await this.rpc.send(PublicApiPatterns.toggleTyping, {
      ...ref(token, contact, id),
      typing_status: body.typing_status,
    });
  }

  /** The contact has read it: outgoing messages become `read`. */
  @Post(':conversation_id/update_last_seen')
  @HttpCode(204)
  @ApiNoContentResponse()
  async updateLastSeen(
    @Param('inbox_identifier') token: string,
    @Param('contact_identifier') contact: string,
    @Param('conversation_id', IdPipe) id: number,
  ): Promise<void> {
    await this.rpc.send(PublicApiPatterns.updateLastSeen, ref(token, contact, id));
  }

  /** Oldest first: the latest 20, or 20 before `before`. */
  @Get(':conversation_id/messages')
  @ApiOkResponse({ type: [PublicMessageView] })
  messages(
    @Param('inbox_identifier') token: string,
    @Param('contact_identifier') contact: string,
    @Param('conversation_id', IdPipe) id: number,
    @Query() query: PublicMessagesQueryDto,
  ): Promise<PublicMessage[]> {
    return this.rpc.send(PublicApiPatterns.listMessages, { ...ref(token, contact, id), before: query.before });
  }

  /** JSON, or multipart with `attachments[]`; an incoming message from the contact. */
  @Post(':conversation_id/messages')
  @HttpCode(200)
  @WidgetLimit('widget_messages')
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiOkResponse({ type: PublicMessageView })
  async createMessage(
    @Param('inbox_identifier') token: string,
    @Param('contact_identifier') contact: string,
    @Param('conversation_id', IdPipe) id: number,
    @Body() body: PublicMessageDto,
    @Req() request: FastifyRequest,
  ): Promise<PublicMessage> {
    let data: PublicMessageDto = body;
    let files: StoredFile[] = [];
    if (request.isMultipart()) {
      const inbox = await this.kinds.of(token);
      if (inbox.account_id === null) throw new NotFoundException(NOT_FOUND_ERROR);
      // The website token is public: no file is stored before the contact's source id is known.
      await this.rpc.send(PublicApiPatterns.showContact, { inbox_token: token, contact_identifier: contact });
      const read = await readMultipartMessage(request, this.storage, inbox.account_id);
      data = { content: read.dto.content, echo_id: read.dto.echo_id };
      files = read.files;
    }
    try {
      return await this.rpc.send(PublicApiPatterns.createMessage, {
        ...ref(token, contact, id),
        data: { content: data.content, echo_id: data.echo_id, files },
      });
    } catch (error) {
      // Nothing refers to the files of a refused message.
      await Promise.all(files.map((file) => this.storage.remove(file.storage_key)));
      throw error;
    }
  }

  /** `submitted_values` of an input message (a CSAT survey: within 14 days). */
  @Patch(':conversation_id/messages/:message_id')
  @WidgetLimit('widget_messages')
  @ApiOkResponse({ type: PublicMessageView })
  submit(
    @Param('inbox_identifier') token: string,
    @Param('contact_identifier') contact: string,
    @Param('conversation_id', IdPipe) id: number,
    @Param('message_id', IdPipe) messageId: number,
    @Body() body: SubmittedValuesDto,
  ): Promise<PublicMessage> {
    return this.rpc.send(PublicApiPatterns.updateMessage, {
      ...ref(token, contact, id),
      message_id: messageId,
      data: { submitted_values: body.submitted_values },
    });
  }
}

function ref(token: string, contact: string, id: number): PublicConversationRef {
  return { inbox_token: token, contact_identifier: contact, conversation_id: id };
}
