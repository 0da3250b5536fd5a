import { EVENT_DATA_SCHEMAS, EVENT_ENVELOPE_SCHEMA, REQUEST_SCHEMAS, type ContractSchema } from './contract.schemas';

/**
 * The checks the services run on what arrives over NATS (the service kit's contract check),
 * named once for the two places that compile them: the build, ahead of time
 * (tools/build-contract-validators.ts), and a service running from source, at first use.
 */

/** ajv's options for every check, whichever compiles it. */
export const CONTRACT_CHECK_OPTIONS = { strict: false, allErrors: false } as const;

/** Where the build writes the compiled checks, under its output folder: beside the kit's contract check. */
export const BUILT_CONTRACT_CHECKS_PATH = 'libs/service-kit/src/validation/compiled';

/** The keys of the checks: the envelope's, an event type's data, a request pattern's. */
export const CONTRACT_CHECK_KEYS = {
  envelope: 'envelope',
  event: (type: string) => `event:${type}`,
  request: (pattern: string) => `request:${pattern}`,
} as const;

/** Every check by its key (CONTRACT_CHECK_KEYS). */
export function contractCheckSchemas(): Map<string, ContractSchema> {
  return new Map<string, ContractSchema>([
    [CONTRACT_CHECK_KEYS.envelope, EVENT_ENVELOPE_SCHEMA],
    ...Object.entries(EVENT_DATA_SCHEMAS).map(([type, schema]): [string, ContractSchema] => [
      CONTRACT_CHECK_KEYS.event(type),
      schema,
    ]),
    ...Object.entries(REQUEST_SCHEMAS).map(([pattern, schema]): [string, ContractSchema] => [
      CONTRACT_CHECK_KEYS.request(pattern),
      schema,
    ]),
  ]);
}

/** The file of a check's compiled code. */
export function contractCheckFile(key: string): string {
  return `${key.replace(':', '.')}.js`;
}
