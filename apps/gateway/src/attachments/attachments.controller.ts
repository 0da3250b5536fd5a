import { Controller, ForbiddenException, Get, Inject, NotFoundException, Query, Req, Res } from '@nestjs/common';
import {
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiParam,
  ApiProduces,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import {
  FILE_STORAGE,
  STORAGE_CONFIG,
  verifyFileSignature,
  type FileStorage,
  type StorageConfig,
} from '@parley/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/access.decorators';
import { ErrorView } from '../errors/error.responses';

const ERROR = { schema: { $ref: getSchemaPath(ErrorView) } };

/** Serves attachments by signed, expiring links (the link is the permission: no token). */
@ApiTags('attachments')
@Public()
@Controller('attachments')
export class AttachmentsController {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(STORAGE_CONFIG) private readonly config: StorageConfig,
  ) {}

  @Get('*')
  @ApiParam({ name: 'path', type: String, description: "The file's storage key, as the signed link names it" })
  // Errors are JSON, whatever the file's type (@ApiProduces would give them `*/*`).
  @ApiForbiddenResponse({ description: 'The link is invalid or has expired', content: { 'application/json': ERROR } })
  @ApiNotFoundResponse({ description: 'The file is gone', content: { 'application/json': ERROR } })
  @ApiProduces('*/*')
  @ApiOkResponse({
    description: 'The file, with the content type the link names',
    schema: { type: 'string', format: 'binary' },
  })
  async download(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Query('type') type = '',
    @Query('expires') expires = '',
    @Query('signature') signature = '',
  ): Promise<void> {
    const key = decodeURIComponent((request.params as Record<string, string>)['*'] ?? '');
    const ref = { key, contentType: type, expires: Number(expires) };
    if (!verifyFileSignature(ref, signature, this.config.urlSecret))
      throw new ForbiddenException('This link is invalid or has expired');
    const file = await this.storage.open(key).catch(() => null);
    if (!file) throw new NotFoundException('Attachment not found');
    const name = key.split('/').pop() ?? 'file';
    await reply
      .header('content-type', type)
      .header('content-length', String(file.size))
      .header('content-disposition', `inline; filename="${name}"`)
      .header('x-content-type-options', 'nosniff')
      .send(file.stream);
  }
}
