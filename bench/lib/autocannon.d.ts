// autocannon ships no type declarations: this is the part of its API the benchmarks use.
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Seconds to wait for one response. */
      timeout?: number;
      /** A request sequence; `setupRequest` may change each request (e.g. its path) before it is sent. */
      requests?: RequestSpec[];
    }

    interface RequestSpec {
      method?: Options['method'];
      path?: string;
      headers?: Record<string, string>;
      body?: string;
      setupRequest?: (request: RequestSpec) => RequestSpec;
    }

    interface Histogram {
      average: number;
      mean: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p90: number;
      p99: number;
    }

    interface Result {
      /** Completed requests per second, sampled once a second. */
      requests: Histogram;
      /** Milliseconds. */
      latency: Histogram;
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
    }
  }

  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export = autocannon;
}
