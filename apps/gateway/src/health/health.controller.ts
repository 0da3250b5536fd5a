import { Controller, Get, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/access.decorators';
import { SystemHealthService, type SystemHealth } from './system-health';

@ApiTags('health')
@Public()
@Controller()
export class HealthController {
  constructor(private readonly health: SystemHealthService) {}

  /** The whole system: 200 when every service is ready, 503 otherwise (with the details). */
  @Get('health')
  async report(@Res({ passthrough: true }) reply: FastifyReply): Promise<SystemHealth> {
    const report = await this.health.report();
    void reply.status(report.status === 'up' ? 200 : 503);
    return report;
  }

  /** The gateway process itself is alive (for orchestrator liveness probes). */
  @Get('health/live')
  live(): { status: 'up' } {
    return { status: 'up' };
  }
}
