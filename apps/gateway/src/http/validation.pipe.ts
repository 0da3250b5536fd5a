import { BadRequestException, ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { cacheValidationMetadata } from './validation-metadata.setup';

/** `field: problem` for every failed constraint, nested fields as `parent.child`. */
export function describeValidationErrors(errors: ValidationError[], parent = ''): string[] {
  const lines: string[] = [];
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    for (const message of Object.values(error.constraints ?? {})) {
      const problem = message.startsWith(`${error.property} `) ? message.slice(error.property.length + 1) : message;
      lines.push(`${path}: ${problem}`);
    }
    if (error.children?.length) lines.push(...describeValidationErrors(error.children, path));
  }
  return lines;
}

/**
 * Path parameters are left to their own pipes (IdPipe): converting them first would read
 * `0x1`, `1e0` or `01` as the id 1.
 */
class BodyAndQueryValidationPipe extends ValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'param') return Promise.resolve(value);
    return super.transform(value, metadata);
  }
}

/** Request bodies and queries are checked against their DTO; unknown fields are dropped. */
export function createValidationPipe(): ValidationPipe {
  cacheValidationMetadata();
  return new BodyAndQueryValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: false,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) =>
      new BadRequestException(describeValidationErrors(errors).join('; ') || 'Invalid request'),
  });
}
