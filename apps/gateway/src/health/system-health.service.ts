import { Injectable } from '@nestjs/common';
import { BACKEND_SERVICES, healthPattern, type HealthReport } from '@parley/contracts';
import { NatsHealthIndicator, RpcClient } from '@parley/service-kit';

const CHECK_TIMEOUT_MS = 1500;

export interface SystemHealth {
  status: 'up' | 'down';
  services: Record<string, Omit<HealthReport, 'service'>>;
}

/** Asks every backend service for its readiness over NATS, in parallel and with a short limit. */
@Injectable()
export class SystemHealthService {
  constructor(
    private readonly rpc: RpcClient,
    private readonly nats: NatsHealthIndicator,
  ) {}

  async report(): Promise<SystemHealth> {
    const natsCheck = await this.nats.check('nats');
    const gateway: Omit<HealthReport, 'service'> = {
      status: natsCheck.nats.status === 'up' ? 'up' : 'down',
      checks: { nats: { status: natsCheck.nats.status === 'up' ? 'up' : 'down' } },
    };
    const reports = await Promise.all(BACKEND_SERVICES.map((service) => this.ask(service)));
    const services: SystemHealth['services'] = { gateway };
    for (const { service, ...rest } of reports) services[service] = rest;
    const status = Object.values(services).every((report) => report.status === 'up') ? 'up' : 'down';
    return { status, services };
  }

  async serviceUp(service: (typeof BACKEND_SERVICES)[number]): Promise<boolean> {
    return (await this.ask(service)).status === 'up';
  }

  private async ask(service: (typeof BACKEND_SERVICES)[number]): Promise<HealthReport> {
    try {
      return (await this.rpc.sendUntyped(healthPattern(service), {}, { timeoutMs: CHECK_TIMEOUT_MS })) as HealthReport;
    } catch (error) {
      return { service, status: 'down', checks: { rpc: { status: 'down', message: (error as Error).message } } };
    }
  }
}
