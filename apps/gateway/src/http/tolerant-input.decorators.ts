import { Transform } from 'class-transformer';
import { registerDecorator, type ValidationOptions } from 'class-validator';

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
  const convert = (value: unknown) => (typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value);
  return Transform(({ value }) => (Array.isArray(value) ? value.map(convert) : convert(value)));
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
      options: { message: `$property must be one of ${names.join(', ')} or 0–${names.length - 1}`, ...options },
      validator: {
        validate: (value: unknown) =>
          (typeof value === 'string' && names.includes(value)) || (Number.isInteger(value) && (value as number) >= 0 && (value as number) < names.length),
      },
    });
}
