import { BadRequestException } from '@nestjs/common';
import { AccountFiles, CONTACT_IMPORT_MAX_ROWS } from '@parley/contracts';
import { FileTooLargeError, type FileStorage } from '@parley/service-kit';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import { asMultipartError, multipartParts, throughTransform } from '../http/multipart.parser';

/** A generous byte ceiling for a 50,000-row file. */
const MAX_CSV_BYTES = 64 * 1024 * 1024;

/**
 * Stores the `import_file` part of a multipart upload, counting its lines on the way, and
 * refuses (400) a file with more rows than an import takes.
 */
export async function storeCsvUpload(
  request: FastifyRequest,
  storage: FileStorage,
  accountId: number,
): Promise<string> {
  if (!request.isMultipart()) throw new BadRequestException('import_file: send the CSV as multipart/form-data');
  let key: string | null = null;
  let lines = 0;
  let endsWithNewline = true;
  try {
    for await (const part of multipartParts(request)) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'import_file' || key) {
        part.file.resume();
        continue;
      }
      key = `${AccountFiles.contactImports(accountId)}/${randomUUID()}.csv`;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          for (const byte of chunk) if (byte === 0x0a) lines++;
          if (chunk.length) endsWithNewline = chunk[chunk.length - 1] === 0x0a;
          callback(null, chunk);
        },
      });
      try {
        await storage.put(key, throughTransform(part.file, counter), MAX_CSV_BYTES);
      } catch (error) {
        if (error instanceof FileTooLargeError || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new BadRequestException(`import_file: larger than ${MAX_CSV_BYTES / (1024 * 1024)} MB`);
        }
        throw asMultipartError(error);
      }
    }
  } catch (error) {
    // A body that breaks after the file (a later part cut short) keeps nothing.
    if (key) await storage.remove(key);
    throw error;
  }
  if (!key) throw new BadRequestException('import_file: a CSV file is required');
  const rows = Math.max(0, lines + (endsWithNewline ? 0 : 1) - 1);
  if (rows > CONTACT_IMPORT_MAX_ROWS) {
    await storage.remove(key);
    throw new BadRequestException(
      `import_file: at most ${CONTACT_IMPORT_MAX_ROWS} rows per file (this one has ${rows})`,
    );
  }
  return key;
}
