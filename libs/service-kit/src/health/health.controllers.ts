import { Controller, Get, Res, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { HealthCheck, HealthCheckService } from '@nestjs/terminus';
import { healthPattern, type BackendService, type HealthReport } from '@parley/contracts';
import type { FastifyReply } from 'fastify';
import { Metrics } from '../metrics/metrics';
import { Readiness } from './readiness';

/**
 * No OpenAPI definitions on a service's health checks: a service serves no API document, and
 * asking for them made terminus load @nestjs/swagger (with lodash and js-yaml, 0.9 MB of code)
 * into every service at start.
 */
const HEALTH_CHECK = { noCache: true, swaggerDocumentation: false };

/** Liveness, readiness and metrics over HTTP (for orchestrators and Prometheus) and readiness over NATS (for the gateway). */
export function createHealthControllers(service: BackendService): Type[] {
  @Controller('health')
  class HealthHttpController {
    constructor(
      private readonly health: HealthCheckService,
      private readonly readiness: Readiness,
    ) {}

    @Get('live')
    @HealthCheck(HEALTH_CHECK)
    live() {
      return this.health.check([]);
    }

    @Get('ready')
    @HealthCheck(HEALTH_CHECK)
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

  @Controller('metrics')
  class MetricsController {
    constructor(private readonly metrics: Metrics) {}

    @Get()
    async scrape(@Res() reply: FastifyReply): Promise<void> {
      const { contentType, body } = await this.metrics.render();
      void reply.header('content-type', contentType).send(body);
    }
  }

  return [HealthHttpController, HealthRpcController, MetricsController];
}
