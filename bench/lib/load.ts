import autocannon from 'autocannon';

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface Target {
  url: string;
  /** Paths taken in turn, one per request (writes spread over many rows, as real traffic is). */
  paths?: string[];
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface Figures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Requests answered during the warm-up (they still cost the pipeline CPU). */
  warmupRequests: number;
  /** Answers other than 2xx, connection errors and timeouts: any of them makes the run suspect. */
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** A warm-up whose figures are thrown away (JIT, connection pools, caches), then the measured run. */
export async function measure(target: Target, settings: LoadSettings): Promise<Figures> {
  const options: autocannon.Options = {
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections: settings.connections,
  };
  const paths = target.paths;
  if (paths?.length) {
    let next = 0;
    options.requests = [
      {
        method: options.method,
        headers: target.headers,
        body: target.body,
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
      },
    ];
  }
  const warmup = await autocannon({ ...options, duration: settings.warmupSeconds });
  const result = await autocannon({ ...options, duration: settings.durationSeconds });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    warmupRequests: warmup.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

export function summarize(figures: Figures): string {
  const problems = figures.non2xx + figures.errors + figures.timeouts;
  const warning = problems
    ? `   !! ${figures.non2xx} non-2xx, ${figures.errors} errors, ${figures.timeouts} timeouts: figures are suspect`
    : '';
  return `${number(figures.requestsPerSecond)} req/s   p50 ${number(figures.p50Ms)} ms   p99 ${number(figures.p99Ms)} ms   (${number(figures.requests)} requests)${warning}`;
}

export function number(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 2 : 0 });
}
