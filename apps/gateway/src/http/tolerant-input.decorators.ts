import { Transform } from 'class-transformer';
import { applyDecorators, type Type } from '@nestjs/common';
import { ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  IsInt,
  IsString,
  Max,
  MaxLength,
  Min,
  registerDecorator,
  ValidateIf,
  type ValidationOptions,
} from 'class-validator';

/**
 * Clients of this API send ids as numbers or numeric strings; for optional ids, `""`, `0` and
 * `null` mean "not given". Anything else is left for the validators to refuse.
 */
export function ToOptionalId(): PropertyDecorator {
  return Transform(({ value }) => {
    if (value === '' || value === 0 || value === '0' || value === null) return undefined;
    if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value);
    return value;
  });
}

/** Numeric strings become numbers (each element of an array, too). */
export function ToInteger(): PropertyDecorator {
  const convert = (value: unknown) =>
    typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  return Transform(({ value }) => (Array.isArray(value) ? value.map(convert) : convert(value)));
}

/** Decimal strings (`-3`, `5.5`) become numbers; `0x10`, `1e3` or `1,5` are left for the validators to refuse. */
export function ToDecimal(): PropertyDecorator {
  return Transform(({ value }) =>
    typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value,
  );
}

/** Multipart and query strings carry booleans as "true"/"false". */
export function ToBoolean(): PropertyDecorator {
  return Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value));
}

/** An enum given as its name or as its integer code (0 … names.length - 1). */
export function IsNameOrCode(names: readonly string[], options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isNameOrCode',
      target: target.constructor,
      propertyName: propertyName as string,
      // The names are the document's enum (openapi/validator-types.setup.ts reads them here).
      constraints: [names],
      options: { message: `$property must be one of ${names.join(', ')} or 0–${names.length - 1}`, ...options },
      validator: {
        validate: (value: unknown) =>
          (typeof value === 'string' && names.includes(value)) ||
          (Number.isInteger(value) && (value as number) >= 0 && (value as number) < names.length),
      },
    });
}

const MAX_ID = 2_147_483_647;

/** A public id: a positive integer that fits the 32-bit columns ids live in. */
export function IsId(options: ValidationOptions = {}): PropertyDecorator {
  return applyDecorators(
    IsInt(options),
    Min(1, { ...options, message: '$property must be a positive integer id' }),
    Max(MAX_ID, { ...options, message: `$property must be at most ${MAX_ID}` }),
  );
}

/** The highest `page` any paginated endpoint accepts (past the last page: an empty page). */
export const MAX_PAGE = 100_000;

/**
 * A page number: `page` ≤ 0 means the first page (the n8n node sends `page=0`); above `max`,
 * fractional or not a number → 400. Documents itself, so every paginated endpoint reads alike.
 */
export function IsPage(max = MAX_PAGE, description = 'Page number; 0 or less means the first page'): PropertyDecorator {
  const toPage = (value: unknown) => {
    const page = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
    return Number.isInteger(page) && (page as number) <= 0 ? 1 : page;
  };
  return applyDecorators(
    ApiPropertyOptional({ type: 'integer', maximum: max, default: 1, description }),
    Transform(({ value }) => toPage(value)),
    MayBeOmitted(),
    IsInt({ message: '$property must be an integer page number' }),
    Max(max, { message: `$property must be at most ${max}` }),
  );
}

/**
 * The field may be left out; `null` is not "left out" and meets the field's validators (so a
 * `{"title": null}` update is a 400 naming `title`). Fields where null means "clear" add
 * `@ValidateIf((_, v) => v !== null)`.
 */
export function MayBeOmitted(): PropertyDecorator {
  return ValidateIf((_, value) => value !== undefined);
}

/** Text that may be left out or null (null clears it), at most `max` characters. */
export function OptionalText(max = 10_000): PropertyDecorator {
  const decorators = [MayBeOmitted(), ValidateIf((_, value) => value !== null), IsString(), MaxLength(max)];
  return (target, key) => decorators.forEach((decorate) => decorate(target, key));
}

/**
 * An update body: every field of the create body may be left out, but `null` still meets the
 * field's validators (Nest's default would let `{"title": null}` through to the service).
 */
export function UpdateOf<T>(create: Type<T>): Type<Partial<T>> {
  return PartialType(create, { skipNullProperties: false });
}
