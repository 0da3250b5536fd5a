import { Inject, Injectable, Optional, ServiceUnavailableException } from '@nestjs/common';
import {
  HealthCheckService,
  TypeOrmHealthIndicator,
  type HealthCheckResult,
  type HealthIndicatorFunction,
} from '@nestjs/terminus';
import type { HealthReport } from '@parley/contracts';
import { DataSource } from 'typeorm';
import type { ServiceConfig } from '../config/service-config';
import { SERVICE_CONFIG } from '../config/tokens';
import { NatsHealthIndicator } from './nats.health-indicator';

/** Whether this instance should receive work: its database and NATS answer, and it is not shutting down. */
@Injectable()
export class Readiness {
  private draining = false;

  constructor(
    private readonly health: HealthCheckService,
    private readonly nats: NatsHealthIndicator,
    // Explicit tokens: a union type would be emitted as `Object` and never resolve.
    @Optional() @Inject(TypeOrmHealthIndicator) private readonly typeorm: TypeOrmHealthIndicator | null,
    @Optional() @Inject(DataSource) private readonly dataSource: DataSource | null,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  markDraining(): void {
    this.draining = true;
  }

  /** Terminus result; throws 503 when not ready. */
  check(): Promise<HealthCheckResult> {
    const checks: HealthIndicatorFunction[] = [() => this.nats.check('nats')];
    if (this.dataSource && this.typeorm) {
      checks.push(() => this.typeorm!.pingCheck('database', { connection: this.dataSource!, timeout: 1000 }));
    }
    if (this.draining) {
      return Promise.reject(
        new ServiceUnavailableException({ status: 'error', error: { shutdown: { status: 'down' } } }),
      );
    }
    return this.health.check(checks);
  }

  /** The same verdict as a plain report, for the gateway's aggregate `/health`. */
  async report(): Promise<HealthReport> {
    let result: HealthCheckResult;
    try {
      result = await this.check();
    } catch (error) {
      const body = (error as ServiceUnavailableException).getResponse?.() as HealthCheckResult | undefined;
      result = body?.details
        ? body
        : { status: 'error', details: { [this.draining ? 'shutdown' : 'unknown']: { status: 'down' } } };
    }
    const checks: HealthReport['checks'] = {};
    for (const [name, detail] of Object.entries(result.details ?? result.error ?? {})) {
      checks[name] = {
        status: detail.status === 'up' ? 'up' : 'down',
        ...(detail.message ? { message: String(detail.message) } : {}),
      };
    }
    return { service: this.config.service, status: result.status === 'ok' ? 'up' : 'down', checks };
  }
}
