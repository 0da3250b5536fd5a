import { BadRequestException } from '@nestjs/common';
import { AccountFiles } from '@parley/contracts';
import { FileTooLargeError, type FileStorage } from '@parley/service-kit';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { asMultipartError, multipartParts } from '../http/multipart.parser';

/** Room for 50,000 rows of a wide export. */
const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

/**
 * Stores the multipart field `file` (a CSV, streamed, bounded) and collects the text fields;
 * the Kanban service reads the stored file. On any failure nothing is kept.
 */
export async function readKanbanCsvUpload(
  request: FastifyRequest,
  storage: FileStorage,
  accountId: number,
): Promise<{ key: string; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  let key: string | null = null;
  try {
    for await (const part of multipartParts(request)) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || key) {
        part.file.resume();
        throw new BadRequestException(`${part.fieldname}: send one CSV, in the field file`);
      }
      const stored = `${AccountFiles.kanbanImports(accountId)}/${randomUUID()}.csv`;
      try {
        await storage.put(stored, part.file, MAX_IMPORT_BYTES);
        key = stored;
      } catch (error) {
        if (error instanceof FileTooLargeError)
          throw new BadRequestException(`file: larger than ${MAX_IMPORT_BYTES / (1024 * 1024)} MB`);
        throw asMultipartError(error);
      }
    }
    if (!key) throw new BadRequestException('file: a CSV file is required');
    return { key, fields };
  } catch (error) {
    if (key) await storage.remove(key);
    throw error;
  }
}
