import {
  contractCheckFile,
  CONTRACT_CHECK_KEYS,
  CONTRACT_CHECK_OPTIONS,
  EVENT_DATA_SCHEMAS,
  EVENT_ENVELOPE_SCHEMA,
  REQUEST_SCHEMAS,
  type ContractSchema,
} from '@parley/contracts';
import Ajv, { type ValidateFunction } from 'ajv';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * What arrives over NATS checked against the contract both sides compile with (the schemas
 * `tools/generate-contract-schemas.ts` derives from the contracts' types): whoever published it,
 * a malformed request or event is refused before a handler sees it. `npm run build` compiles
 * every check ahead (tools/build-contract-validators.ts) and a service loads each one at its
 * first use. Running from source (as the unit tests do), a check is compiled at its first use:
 * tens of milliseconds a schema, hundreds on a busy machine, and garbage the heap keeps.
 * Checking then costs microseconds.
 */
const ajv = new Ajv(CONTRACT_CHECK_OPTIONS);
const compiled = new Map<string, ValidateFunction>();
/** Where the build puts them: BUILT_CONTRACT_CHECKS_PATH, beside this file. */
export const BUILT_CHECKS_DIRECTORY = join(__dirname, 'compiled');
const load = createRequire(__filename);

/** The check of `key` as the build compiled it into `directory`; null where there is none (running from source). */
export function builtCheck(directory: string, key: string): ValidateFunction | null {
  const file = join(directory, contractCheckFile(key));
  return existsSync(file) ? (load(file) as ValidateFunction) : null;
}

function validatorOf(key: string, schema: ContractSchema): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    validate = builtCheck(BUILT_CHECKS_DIRECTORY, key) ?? ajv.compile(schema);
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
  return schema ? problemOf(validatorOf(CONTRACT_CHECK_KEYS.request(pattern), schema), request, 'request') : null;
}

/** Why the event breaks the envelope's or its type's contract, or null when it keeps both. */
export function eventProblem(type: string, event: unknown): string | null {
  const envelope = problemOf(validatorOf(CONTRACT_CHECK_KEYS.envelope, EVENT_ENVELOPE_SCHEMA), event, 'event');
  if (envelope) return envelope;
  const schema = EVENT_DATA_SCHEMAS[type];
  return schema
    ? problemOf(validatorOf(CONTRACT_CHECK_KEYS.event(type), schema), (event as { data: unknown }).data, 'event/data')
    : null;
}
