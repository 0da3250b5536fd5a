import { AsyncLocalStorage } from 'node:async_hooks';
import type { Caller } from '@parley/contracts';

export interface RequestContext {
  correlationId: string;
  caller?: Caller;
  /** Who produced the change (`api`, `automation:<id>`, …): carried into event metadata. */
  origin?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with a request context visible to logs, outgoing requests and emitted events. */
export function runInRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Header that carries the correlation id over HTTP and NATS. */
export const CORRELATION_HEADER = 'x-request-id';

/** Header that carries the origin of a change (`automation:<rule_id>`) into the service that makes it. */
export const ORIGIN_HEADER = 'x-parley-origin';
