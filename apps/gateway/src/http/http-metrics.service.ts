import { Injectable } from '@nestjs/common';
import { Metrics } from '@parley/service-kit';
import { Histogram } from 'prom-client';

/** Request rate and latency by route template (not by concrete URL: ids would explode the series). */
@Injectable()
export class HttpMetricsService {
  private readonly requests: Histogram<'method' | 'route' | 'status'>;

  constructor(metrics: Metrics) {
    this.requests = new Histogram({
      name: 'parley_http_request_duration_seconds',
      help: 'HTTP requests answered by the gateway, by route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [metrics.registry],
    });
  }

  observe(method: string, route: string | undefined, status: number, seconds: number): void {
    this.requests.observe({ method, route: route ?? 'unmatched', status: String(status) }, seconds);
  }
}
