import { BadRequestException, Controller, Delete, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { AttachmentPatterns, type AccountScoped, type KanbanAttachment } from '@parley/contracts';
import { FILE_STORAGE, RpcClient, type FileStorage } from '@parley/service-kit';
import type { FastifyRequest } from 'fastify';
import { Scope } from '../auth/access.decorators';
import { IdPipe } from '../http/id.pipe';
import { ALLOWED_EXTENSIONS } from './attachment-type.rules';
import { KanbanAttachmentView } from './card-work.responses';
import { readKanbanAttachment } from './kanban-attachment.parser';

const UPLOAD = {
  schema: {
    type: 'object',
    required: ['attachment'],
    properties: {
      attachment: {
        type: 'string',
        format: 'binary',
        description: `${ALLOWED_EXTENSIONS.join(', ')}; 25 MB at most; checked by content`,
      },
    },
  },
};
const NOTE_UPLOAD = {
  schema: {
    ...UPLOAD.schema,
    required: ['attachment', 'note_id'],
    properties: { ...UPLOAD.schema.properties, note_id: { type: 'integer' } },
  },
};

/** Files of a card and of its notes (the contract's `/kanban/items/` path segment). */
@ApiTags('kanban')
@Controller('api/v1/accounts/:account_id/kanban/items/:item_id')
export class KanbanAttachmentsController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  @Get('attachments')
  @ApiOkResponse({ type: [KanbanAttachmentView] })
  list(@Scope() scope: AccountScoped, @Param('item_id', IdPipe) itemId: number): Promise<KanbanAttachment[]> {
    return this.rpc.send(AttachmentPatterns.list, { ...scope, id: itemId });
  }

  @Post('attachments')
  @ApiConsumes('multipart/form-data')
  @ApiBody(UPLOAD)
  @ApiCreatedResponse({ type: KanbanAttachmentView })
  async upload(
    @Scope() scope: AccountScoped,
    @Param('item_id', IdPipe) itemId: number,
    @Req() request: FastifyRequest,
  ): Promise<KanbanAttachment> {
    const { file } = await readKanbanAttachment(request, this.storage, scope.account_id);
    return this.rpc.send(AttachmentPatterns.create, { ...scope, id: itemId, file });
  }

  @Delete('attachments/:id')
  @HttpCode(204)
  @ApiNoContentResponse()
  async delete(
    @Scope() scope: AccountScoped,
    @Param('item_id', IdPipe) itemId: number,
    @Param('id', IdPipe) id: number,
  ): Promise<void> {
    await this.rpc.send(AttachmentPatterns.delete, { ...scope, id: itemId, attachment_id: id, of_note: false });
  }

  @Post('note_attachments')
  @ApiConsumes('multipart/form-data')
  @ApiBody(NOTE_UPLOAD)
  @ApiCreatedResponse({ type: KanbanAttachmentView })
  async uploadToNote(
    @Scope() scope: AccountScoped,
    @Param('item_id', IdPipe) itemId: number,
    @Req() request: FastifyRequest,
  ): Promise<KanbanAttachment> {
    const { file, fields } = await readKanbanAttachment(request, this.storage, scope.account_id);
    const noteId = /^[1-9]\d{0,9}$/.test(fields.note_id ?? '') ? Number(fields.note_id) : NaN;
    if (!Number.isSafeInteger(noteId) || noteId > 2_147_483_647) {
      await this.storage.remove(file.storage_key);
      throw new BadRequestException('note_id: must be a positive integer id');
    }
    return this.rpc.send(AttachmentPatterns.create, { ...scope, id: itemId, file, note_id: noteId });
  }

  @Delete('note_attachments/:id')
  @HttpCode(204)
  @ApiNoContentResponse()
  async deleteOfNote(
    @Scope() scope: AccountScoped,
    @Param('item_id', IdPipe) itemId: number,
    @Param('id', IdPipe) id: number,
  ): Promise<void> {
    await this.rpc.send(AttachmentPatterns.delete, { ...scope, id: itemId, attachment_id: id, of_note: true });
  }
}
