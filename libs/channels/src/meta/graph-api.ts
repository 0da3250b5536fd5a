import { callProvider, failureOf, type ProviderCall } from '../http/provider-call';
import type { SendFailure } from '../port/outgoing-message';

/** Where the Graph API is (`META_GRAPH_API_BASE_URL`, `META_GRAPH_API_VERSION`). */
export interface GraphApiConfig {
  baseUrl: string;
  version: string;
}

export const DEFAULT_GRAPH_API: GraphApiConfig = { baseUrl: 'https://graph.facebook.com', version: 'v21.0' };

/** Graph's error envelope `{error: {message, type, code, error_subcode, fbtrace_id}}`. */
interface GraphError {
  error?: { message?: string; code?: number; error_subcode?: number; error_data?: { details?: string } };
}

/** Graph codes that mean "slow down" although the answer is a 400: throttling, retried later. */
const THROTTLING_CODES = new Set([4, 17, 32, 613, 80007, 130429, 131048, 131056]);

/** `"<code>: <message>"` of a Graph error body, as `external_error` shows it. */
export function describeGraphError(json: unknown): string {
  const error = (json as GraphError | null)?.error;
  if (!error) return '';
  const details = error.error_data?.details ? ` (${error.error_data.details})` : '';
  return `${error.code ?? 'error'}: ${error.message ?? 'unknown error'}${details}`;
}

/** A refusal of the Graph API: throttling codes are transient even when answered with a 4xx. */
export function graphFailure(call: Extract<ProviderCall, { ok: true }>): SendFailure {
  const failure = failureOf(call.answer, describeGraphError);
  const code = (call.answer.json as GraphError | null)?.error?.code;
  if (failure.outcome === 'permanent' && code !== undefined && THROTTLING_CODES.has(code))
    return { outcome: 'transient', error: failure.externalError };
  return failure;
}

/** `{baseUrl}/{version}/{path}`. */
export function graphUrl(config: GraphApiConfig, path: string): string {
  return `${config.baseUrl.replace(/\/+$/, '')}/${config.version}/${path.replace(/^\/+/, '')}`;
}

/** A Graph call with a bearer token and a JSON body (or none). */
export function graphCall(
  config: GraphApiConfig,
  token: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<ProviderCall> {
  return callProvider(graphUrl(config, path), {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}
