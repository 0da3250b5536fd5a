import { BadRequestException } from '@nestjs/common';
import { AccountFiles, KANBAN_ATTACHMENT_MAX_BYTES, type StoredFile } from '@parley/contracts';
import { FileTooLargeError, type FileStorage } from '@parley/service-kit';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { asMultipartError, multipartParts, throughTransform } from '../http/multipart.parser';
import { attachmentType, SNIFF_BYTES } from './attachment-type.rules';

/** Holds back the first bytes until the type is known from them and the name; refuses a mismatch before anything more is stored. */
class ContentCheck extends Transform {
  private head = Buffer.alloc(0);
  private decided = false;
  mime = '';

  constructor(private readonly name: string) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.decided) return callback(null, chunk);
    this.head = Buffer.concat([this.head, chunk]);
    if (this.head.length < SNIFF_BYTES) return callback();
    this.decide(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (!this.decided) return this.decide(callback);
    callback();
  }

  private decide(callback: TransformCallback): void {
    this.decided = true;
    const verdict = attachmentType(this.name, this.head);
    if ('problem' in verdict) return callback(new BadRequestException(`attachment: ${verdict.problem}`));
    this.mime = verdict.mime;
    callback(null, this.head);
  }
}

function safeName(name: string): string {
  const cleaned = name
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  return cleaned || 'file';
}

/**
 * Reads a multipart upload of one file in the field `attachment` (and, for note attachments, the
 * field `note_id`): the file streams to storage while its type is checked by its first bytes and
 * its name, and stops at 25 MB (400) — never held whole in memory. On any failure nothing is kept.
 */
export async function readKanbanAttachment(
  request: FastifyRequest,
  storage: FileStorage,
  accountId: number,
): Promise<{ file: StoredFile; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let file: StoredFile | null = null;
  try {
    for await (const part of multipartParts(request)) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'attachment' || file) {
        part.file.resume();
        throw new BadRequestException(`${part.fieldname}: send one file, in the field attachment`);
      }
      const name = safeName(part.filename);
      const key = `${AccountFiles.kanban(accountId)}/${randomUUID()}/${name}`;
      const check = throughTransform(part.file, new ContentCheck(part.filename));
      try {
        const size = await storage.put(key, check, KANBAN_ATTACHMENT_MAX_BYTES);
        file = { storage_key: key, file_name: name, content_type: check.mime, file_size: size };
      } catch (error) {
        part.file.resume();
        if (error instanceof FileTooLargeError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new BadRequestException(`attachment: ${part.filename} is larger than the 25 MB limit`);
        }
        throw asMultipartError(error);
      }
    }
    if (!file) throw new BadRequestException('attachment: a file is required');
    return { file, fields };
  } catch (error) {
    if (file) await storage.remove(file.storage_key);
    throw error;
  }
}
