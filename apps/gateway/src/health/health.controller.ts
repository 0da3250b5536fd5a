import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { NatsHealthIndicator } from '@parley/service-kit';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/access.decorators';
import { HealthStateView, SystemHealthView } from './health.responses';
import { SystemHealthService, type SystemHealth } from './system-health.service';

@ApiTags('health')
@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly health: SystemHealthService,
    private readonly nats: NatsHealthIndicator,
  ) {}

  /** The whole system: 200 when every service is ready, 503 otherwise (with the details). */
  @Get('health')
  @ApiOkResponse({ type: SystemHealthView, description: '200 when every service is ready; 503 with the same body otherwise' })
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
