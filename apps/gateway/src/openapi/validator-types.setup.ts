import { DECORATORS } from '@nestjs/swagger';
import { getMetadataStorage, ValidationTypes, type MetadataStorage } from 'class-validator';

type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];

/** What the document says of one DTO property (the options of its `@ApiProperty`). */
type PropertyOptions = Record<string, unknown> & { type?: unknown; isArray?: boolean };

/** What the validators of a property accept, in OpenAPI terms. */
interface Accepted {
  type?: string;
  itemType?: string;
  keywords: Record<string, unknown>;
  nullable: boolean;
}

const TYPE_OF: Record<string, string> = {
  isString: 'string',
  isInt: 'integer',
  isNumber: 'number',
  isBoolean: 'boolean',
  isObject: 'object',
  isUrl: 'string',
  isEmail: 'string',
  isUUID: 'string',
  isISO8601: 'string',
  isDateString: 'string',
  isTimeZone: 'string',
  isNameOrCode: 'string',
};

const FORMAT_OF: Record<string, string> = {
  isUrl: 'uri',
  isEmail: 'email',
  isUUID: 'uuid',
  isISO8601: 'date-time',
  isDateString: 'date-time',
};

/** The OpenAPI keywords a validator's constraints give (limits, enums, patterns, formats). */
function keywordsOf(validator: ValidationMetadata, type: string | undefined): Record<string, unknown> {
  const [first] = (validator.constraints ?? []) as unknown[];
  switch (validator.name) {
    case 'maxLength':
      return { maxLength: first };
    case 'minLength':
      return { minLength: first };
    case 'isNotEmpty':
      return type === 'string' ? { minLength: 1 } : {};
    case 'min':
      return { minimum: first };
    case 'max':
      return { maximum: first };
    case 'arrayMaxSize':
      return { maxItems: first };
    case 'arrayMinSize':
      return { minItems: first };
    case 'isIn':
    case 'isNameOrCode':
      return { enum: first };
    case 'matches':
      return { pattern: first instanceof RegExp ? first.source : first };
    default: {
      const format = FORMAT_OF[validator.name ?? ''];
      return format ? { format } : {};
    }
  }
}

/**
 * Whether the property's conditions let `null` through unvalidated while a value is checked
 * (`@ValidateIf((_, v) => v !== null)`, `@IsOptional()`): then the property accepts null.
 */
function skipsNull(conditions: ValidationMetadata[], property: string): boolean {
  const validates = (value: unknown) =>
    conditions.every((condition) =>
      (condition.constraints[0] as (object: object, value: unknown) => boolean)({ [property]: value }, value),
    );
  return conditions.length > 0 && !validates(null) && validates('value');
}

function acceptedBy(validators: ValidationMetadata[], property: string): Accepted {
  const checks = validators.filter((v) => v.type === ValidationTypes.CUSTOM_VALIDATION && v.name);
  const typeIn = (list: ValidationMetadata[]) => list.map((v) => TYPE_OF[v.name!]).find((type) => type !== undefined);
  const own = checks.filter((v) => !v.each);
  const choices = own.find((v) => v.name === 'isIn' || v.name === 'isNameOrCode')?.constraints?.[0] as
    unknown[] | undefined;
  const type = typeIn(own) ?? (choices ? (typeof choices[0] === 'number' ? 'number' : 'string') : undefined);
  const conditions = validators.filter((v) => v.type === ValidationTypes.CONDITIONAL_VALIDATION);
  return {
    type,
    itemType: typeIn(checks.filter((v) => v.each)),
    keywords: Object.assign({}, ...own.map((v) => keywordsOf(v, type))) as Record<string, unknown>,
    nullable: skipsNull(conditions, property),
  };
}

/** A type the generator filled in from TypeScript's `design:type`, which says nothing of `string | null`. */
const isReflectedObject = (type: unknown) => type === Object || type === undefined;

function described(options: PropertyOptions, accepted: Accepted): PropertyOptions {
  const next: PropertyOptions = { ...options };
  if (options.isArray === true) {
    // `type` is the items' type here: `number[]` of ids are integers.
    if (accepted.itemType === 'integer' && options.type === Number) next.type = 'integer';
    else if (accepted.itemType && isReflectedObject(options.type)) next.type = accepted.itemType;
  } else if (accepted.type === 'object') {
    // A JSON object of the client's own keys (attributes): any value under any key.
    if (isReflectedObject(options.type) && next.additionalProperties === undefined && next.properties === undefined)
      next.additionalProperties = true;
  } else if (accepted.type) {
    if (isReflectedObject(options.type) || (accepted.type === 'integer' && options.type === Number))
      next.type = accepted.type;
  }
  for (const [keyword, value] of Object.entries(accepted.keywords)) {
    if (options.isArray === true && !['maxItems', 'minItems'].includes(keyword)) continue;
    if (next[keyword] === undefined) next[keyword] = value;
  }
  if (accepted.nullable && next.nullable === undefined && next.oneOf === undefined) next.nullable = true;
  return next;
}

/**
 * Completes the OpenAPI description of every validated DTO from its class-validator decorators,
 * so the document says what the validation pipe accepts: the type TypeScript's reflection loses
 * (`string | null` reflects as Object), integers where `number` was reflected, limits, patterns,
 * formats and null where the conditions let it through. What an `@ApiProperty` states itself wins.
 * Run once before the document is generated.
 */
export function describeDtosFromValidators(): void {
  const storage = getMetadataStorage();
  const targets = (storage as unknown as { validationMetadatas?: unknown }).validationMetadatas;
  if (!(targets instanceof Map))
    throw new Error('class-validator keeps its metadata elsewhere: update validator-types');
  for (const target of targets.keys() as Iterable<new () => unknown>) {
    if (typeof target !== 'function') continue;
    const all = storage.getTargetValidationMetadatas(target, '', false, false);
    for (const property of new Set(all.map((v) => v.propertyName))) {
      const options = Reflect.getOwnMetadata(DECORATORS.API_MODEL_PROPERTIES, target.prototype, property) as
        PropertyOptions | undefined;
      if (!options) continue;
      const validators = all.filter((v) => v.propertyName === property);
      // Only conditions (mapped types make response views' fields optional that way): nothing validated.
      if (!validators.some((v) => v.type === ValidationTypes.CUSTOM_VALIDATION)) continue;
      const accepted = acceptedBy(validators, property);
      Reflect.defineMetadata(DECORATORS.API_MODEL_PROPERTIES, described(options, accepted), target.prototype, property);
    }
  }
}
