import { EVENT_DATA_SCHEMAS, EVENT_ENVELOPE_SCHEMA, REQUEST_SCHEMAS, type ContractSchema } from '@parley/contracts';
import Ajv, { type ValidateFunction } from 'ajv';

/**
 * What arrives over NATS checked against the contract both sides compile with (the schemas
 * `tools/generate-contract-schemas.ts` derives from the contracts' types): whoever published it,
 * a malformed request or event is refused before a handler sees it. Each schema is compiled on
 * first use, then checking costs microseconds.
 */
const ajv = new Ajv({ strict: false, allErrors: false });
const compiled = new Map<string, ValidateFunction>();

function validatorOf(key: string, schema: ContractSchema): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  return validate;
}

function problemOf(validate: ValidateFunction, value: unknown, name: string): string | null {
  if (validate(value)) return null;
  const [first] = validate.errors ?? [];
  return first ? `${name}${first.instancePath} ${first.message}` : `${name} is malformed`;
}

/** Why the request breaks its pattern's contract, or null when it keeps it (or the pattern declares none). */
export function requestProblem(pattern: string, request: unknown): string | null {
  const schema = REQUEST_SCHEMAS[pattern];
  return schema ? problemOf(validatorOf(`request:${pattern}`, schema), request, 'request') : null;
}

/** Why the event breaks the envelope's or its type's contract, or null when it keeps both. */
export function eventProblem(type: string, event: unknown): string | null {
  const envelope = problemOf(validatorOf('envelope', EVENT_ENVELOPE_SCHEMA), event, 'event');
  if (envelope) return envelope;
  const schema = EVENT_DATA_SCHEMAS[type];
  return schema
    ? problemOf(validatorOf(`event:${type}`, schema), (event as { data: unknown }).data, 'event/data')
    : null;
}
