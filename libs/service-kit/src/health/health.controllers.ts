import { Controller, Get, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { HealthCheck, HealthCheckService } from '@nestjs/terminus';
import { healthPattern, type BackendService, type HealthReport } from '@parley/contracts';
import { Readiness } from './readiness';

/** Liveness and readiness over HTTP (for orchestrators) and readiness over NATS (for the gateway). */
export function createHealthControllers(service: BackendService): Type[] {
  @Controller('health')
  class HealthHttpController {
    constructor(
      private readonly health: HealthCheckService,
      private readonly readiness: Readiness,
    ) {}

    @Get('live')
    @HealthCheck()
    live() {
      return this.health.check([]);
    }

    @Get('ready')
    @HealthCheck()
    ready() {
      return this.readiness.check();
    }
  }

  @Controller()
  class HealthRpcController {
    constructor(private readonly readiness: Readiness) {}

    @MessagePattern(healthPattern(service))
    report(): Promise<HealthReport> {
      return this.readiness.report();
    }
  }

  return [HealthHttpController, HealthRpcController];
}
