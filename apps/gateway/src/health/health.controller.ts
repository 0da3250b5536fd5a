import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Metrics, NatsHealthIndicator } from '@parley/service-kit';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/access.decorators';
import { Unmetered } from '../rate-limit/expensive.decorators';
import { HealthStateView, SystemHealthView } from './health.responses';
import { SystemHealthService, type SystemHealth } from './system-health.service';

@ApiTags('health')
@Public()
@Unmetered()
@Controller()
export class HealthController {
  constructor(
    private readonly health: SystemHealthService,
    private readonly nats: NatsHealthIndicator,
    private readonly metrics: Metrics,
  ) {}

  /** Prometheus metrics of this gateway (each service serves its own on its health port). */
  @Get('metrics')
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: "Prometheus' text format", schema: { type: 'string' } })
  async scrape(@Res() reply: FastifyReply): Promise<void> {
    const { contentType, body } = await this.metrics.render();
    void reply.header('content-type', contentType).send(body);
  }

  /** The whole system: 200 when every service is ready, 503 otherwise (with the details). */
  @Get('health')
  @ApiOkResponse({
    type: SystemHealthView,
    description: '200 when every service is ready; 503 with the same body otherwise',
  })
  async report(@Res({ passthrough: true }) reply: FastifyReply): Promise<SystemHealth> {
    const report = await this.health.report();
    void reply.status(report.status === 'up' ? 200 : 503);
    return report;
  }

  /** The gateway process itself is alive (for orchestrator liveness probes). */
  @Get('health/live')
  @ApiOkResponse({ type: HealthStateView })
  live(): { status: 'up' } {
    return { status: 'up' };
  }

  /** This gateway can route requests: its NATS connection works (readiness probe; services are checked by /health). */
  @Get('health/ready')
  @ApiOkResponse({ type: HealthStateView, description: '503 with status down while NATS is unreachable' })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<{ status: 'up' | 'down' }> {
    const nats = await this.nats.check('nats');
    const status = nats.nats.status === 'up' ? 'up' : 'down';
    void reply.status(status === 'up' ? 200 : 503);
    return { status };
  }
}
