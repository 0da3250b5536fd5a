import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_STATE_VARIABLE, readE2eState } from '../harness/e2e-state';

/** Where the run's log directory gets every answer the suites saw (see `recordedResponses`). */
export const RECORDED_RESPONSES_FILE = 'responses.jsonl';

export interface RecordedResponse {
  method: string;
  /** The concrete path (the route's template is not known here). */
  path: string;
  status: number;
  /** Parsed JSON; null when the answer was empty or not JSON. */
  body: unknown;
}

let recordingFile: string | null | undefined;

/** Appends one answer to the run's record, so a later suite can check it against the OpenAPI document. */
function record(entry: RecordedResponse): void {
  if (recordingFile === undefined) {
    const raw = process.env[E2E_STATE_VARIABLE];
    recordingFile = raw ? join((JSON.parse(raw) as { logDir: string }).logDir, RECORDED_RESPONSES_FILE) : null;
  }
  if (recordingFile) appendFileSync(recordingFile, `${JSON.stringify(entry)}\n`);
}

/** The answers recorded so far in this run (by every suite that ran before the caller). */
export function recordedResponses(): RecordedResponse[] {
  const file = join(readE2eState().logDir, RECORDED_RESPONSES_FILE);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedResponse);
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is (no JSON encoding), e.g. malformed JSON. */
  rawBody?: string;
  headers?: Record<string, string>;
  /** Overrides the client's token for one call; `null` sends none. */
  token?: string | null;
  /** Sent as multipart/form-data (fetch writes the boundary). */
  form?: FormData;
}

/** A small HTTP client for the gateway that never throws on an error status. */
export class ApiClient {
  constructor(
    readonly baseUrl: string,
    readonly token: string | null = null,
  ) {}

  withToken(token: string | null): ApiClient {
    return new ApiClient(this.baseUrl, token);
  }

  get<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('GET', path, options);
  }
  post<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', path, { ...options, body });
  }
  patch<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', path, { ...options, body });
  }
  put<T = any>(path: string, body?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', path, { ...options, body });
  }
  delete<T = any>(path: string, options?: RequestOptions) {
    return this.request<T>('DELETE', path, options);
  }

  async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? this.token : options.token;
    if (token) headers['api_access_token'] = token;
    let payload: string | FormData | undefined;
    if (options.form !== undefined) payload = options.form;
    else if (options.rawBody !== undefined) payload = options.rawBody;
    else if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (typeof payload === 'string' && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
      headers['content-type'] = 'application/json';
    }
    const url = `${this.baseUrl}${path}`;
    const response = await fetch(url, { method, headers, body: payload });
    const text = await response.text();
    let body: unknown = text;
    const json = Boolean(text) && (response.headers.get('content-type') ?? '').includes('json');
    if (json) body = JSON.parse(text);
    record({ method, path: new URL(url).pathname, status: response.status, body: json ? body : null });
    return { status: response.status, body: body as T, headers: response.headers, text };
  }
}
