import { BadRequestException, HttpException } from '@nestjs/common';
import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Readable, Transform } from 'node:stream';
import { textProblem } from './clean-text.rules';

/**
 * A multipart body's parts, with the edge's rules: a body the parser cannot read (no boundary,
 * cut short, broken headers) is the client's 400, and text fields obey the clean-text rule.
 */
export async function* multipartParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  if (!request.isMultipart()) throw new BadRequestException('Send the body as multipart/form-data');
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const problem = textProblem(part.fieldname) ?? textProblem(String(part.value));
        if (problem) throw new BadRequestException(`${part.fieldname}: ${problem}`);
      }
      yield part;
    }
  } catch (error) {
    throw asMultipartError(error);
  }
}

/** Errors of a broken multipart stream (they also surface while a file part is being stored) become 400s. */
export function asMultipartError(error: unknown): unknown {
  if (error instanceof HttpException) return error;
  const status = (error as { statusCode?: unknown })?.statusCode;
  if (typeof status === 'number') return error;
  if (error instanceof Error && /multipart|boundary|unexpected end|malformed|premature/i.test(error.message)) {
    return new BadRequestException(`Malformed multipart body: ${error.message}`);
  }
  return error;
}

/**
 * A part's file through a transform, on its way to storage. `pipe` alone would not pass on the
 * file's failure (a body cut short before its closing boundary), leaving storage waiting forever.
 */
export function throughTransform<T extends Transform>(file: Readable, transform: T): T {
  file.on('error', (error) => transform.destroy(error));
  // A refusal may come before storage starts reading; the storage's pipeline reports it.
  transform.on('error', () => undefined);
  return file.pipe(transform);
}
