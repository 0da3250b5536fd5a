/**
 * Codes any service (or its kit) may raise, not tied to one resource. Resource codes live in
 * each resource's `*.errors.ts`; the gateway alone turns a code into an HTTP status.
 */
export const CommonErrors = {
  /** A request's shape is wrong in a way only the service could see (e.g. an unknown sort field). */
  malformed: 'REQUEST.MALFORMED',
  /** A filter payload (conversations, contacts) breaks the filter language's rules. */
  invalidFilter: 'FILTER.INVALID',
  /** A URL we would call later is not HTTPS on a public address. */
  unsafeUrl: 'URL.NOT_PUBLIC_HTTPS',
  /** A dependency of the service (its database) is down: try again shortly. */
  dependencyUnavailable: 'SERVICE.UNAVAILABLE',
  rpcTimeout: 'RPC.TIMEOUT',
  rpcUnavailable: 'RPC.UNAVAILABLE',
  internal: 'INTERNAL',
} as const;

/** The union of a catalogue's codes. */
export type CodeOf<T extends Record<string, string>> = T[keyof T];
