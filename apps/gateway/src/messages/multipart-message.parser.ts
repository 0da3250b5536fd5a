import { BadRequestException } from '@nestjs/common';
import { AccountFiles, type StoredFile } from '@parley/contracts';
import {
  describeBytes,
  fileTypeOf,
  FileTooLargeError,
  LARGEST_ATTACHMENT,
  sizeLimitOf,
  type FileStorage,
} from '@parley/service-kit';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { asMultipartError, multipartParts } from '../http/multipart.parser';
import { describeValidationErrors } from '../http/validation.pipe';
import { CreateMessageDto } from './message.dto';

const FILE_FIELDS = new Set(['attachments[]', 'attachments']);

/** A file name kept for display and extension, reduced to characters safe in a storage key. */
function safeName(name: string): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return cleaned || 'file';
}

/**
 * Reads a multipart message: its fields (with the same rules as JSON) and its files, which go
 * straight to storage as they arrive. Each file must fit its type's limit; on any failure the
 * files already stored are removed.
 */
export async function readMultipartMessage(
  request: FastifyRequest,
  storage: FileStorage,
  accountId: number,
): Promise<{ dto: CreateMessageDto; files: StoredFile[] }> {
  const fields: Record<string, string> = {};
  const files: StoredFile[] = [];
  try {
    for await (const part of multipartParts(request)) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (!FILE_FIELDS.has(part.fieldname)) {
        part.file.resume();
        throw new BadRequestException(`${part.fieldname}: unexpected file field (use attachments[])`);
      }
      const name = safeName(part.filename);
      const key = `${AccountFiles.messages(accountId)}/${randomUUID()}/${name}`;
      let size: number;
      try {
        size = await storage.put(key, part.file, LARGEST_ATTACHMENT);
      } catch (error) {
        if (error instanceof FileTooLargeError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw tooLarge(part.filename, part.mimetype);
        throw asMultipartError(error);
      }
      files.push({
        storage_key: key,
        file_name: name,
        content_type: part.mimetype || 'application/octet-stream',
        file_size: size,
      });
      if (size > sizeLimitOf(part.mimetype)) throw tooLarge(part.filename, part.mimetype);
    }
    const dto = plainToInstance(CreateMessageDto, fields);
    const problems = describeValidationErrors(await validate(dto, { whitelist: true, forbidUnknownValues: false }));
    if (problems.length) throw new BadRequestException(problems.join('; '));
    return { dto, files };
  } catch (error) {
    await Promise.all(files.map((file) => storage.remove(file.storage_key)));
    throw error;
  }
}

function tooLarge(name: string, contentType: string): BadRequestException {
  const type = fileTypeOf(contentType);
  return new BadRequestException(
    `attachments: ${name} is larger than the ${describeBytes(sizeLimitOf(contentType))} limit for ${type === 'file' ? 'documents' : `${type}s`}`,
  );
}
