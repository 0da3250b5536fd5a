import type { SendFailure } from '../port/outgoing-message';

/** How long one provider call may take before it counts as a transient failure. */
export const PROVIDER_TIMEOUT_MS = 15_000;

/** A provider's answer: its status, headers and body (parsed JSON when it was JSON, else null). */
export interface ProviderAnswer {
  status: number;
  headers: Headers;
  json: unknown;
}

/** The network failed or the provider did not answer in time: always worth another attempt. */
export type ProviderCall = { ok: true; answer: ProviderAnswer } | { ok: false; failure: SendFailure };

/** Failures before a request could leave (no address, no connection, no TLS session): the provider never saw it. */
const NEVER_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/**
 * One HTTP call to a provider, bounded in time; a refused or dropped connection is a transient
 * failure, and one where the request may have reached the provider (a timeout, a connection
 * dropped before the answer) says so (`maybeDelivered`).
 */
export async function callProvider(url: string, init: RequestInit): Promise<ProviderCall> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as Error & { cause?: Error & { code?: string } }).cause;
    return {
      ok: false,
      failure: {
        outcome: 'transient',
        error: `provider unreachable: ${cause?.message ?? (error as Error).message}`,
        maybeDelivered: !NEVER_SENT.has(cause?.code ?? ''),
      },
    };
  }
  const text = await response.text().catch(() => '');
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { ok: true, answer: { status: response.status, headers: response.headers, json } };
}

/** `Retry-After` in seconds or as an HTTP date, in ms; undefined when absent or unreadable. */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * 429 and 5xx are transient (429 honours `Retry-After`); any other non-2xx is the provider's
 * refusal, described by `describe` (its code and text).
 */
export function failureOf(answer: ProviderAnswer, describe: (json: unknown) => string): SendFailure {
  const text = describe(answer.json) || `HTTP ${answer.status}`;
  if (answer.status === 429 || answer.status >= 500)
    return { outcome: 'transient', error: text, retryAfterMs: retryAfterMs(answer.headers) };
  return { outcome: 'permanent', externalError: text };
}

/** Reads a response body into memory, refusing more than `maxBytes`. */
export async function downloadBounded(
  url: string,
  init: RequestInit,
  maxBytes: number,
): Promise<{ content: Buffer; contentType: string }> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`media download answered HTTP ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) throw new Error(`media of ${declared} bytes exceeds ${maxBytes}`);
  const content = Buffer.from(await response.arrayBuffer());
  if (content.length > maxBytes) throw new Error(`media of ${content.length} bytes exceeds ${maxBytes}`);
  return { content, contentType: response.headers.get('content-type') ?? 'application/octet-stream' };
}
