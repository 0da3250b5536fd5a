import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { NatsHealthIndicator } from '@parley/service-kit';
import { Public } from '../auth/access.decorators';
import { Unmetered } from '../rate-limit/expensive.decorators';
import { SystemHealthService } from '../health/system-health.service';
import { PARLEY_VERSION } from '../version.constants';
import { ApiInfoView } from './api-info.responses';

@ApiTags('api')
@Public()
@Unmetered()
@Controller('api')
export class ApiInfoController {
  constructor(
    private readonly nats: NatsHealthIndicator,
    private readonly health: SystemHealthService,
  ) {}

  /** Unauthenticated probe that clients of this API call to learn the version. */
  @Get()
  @ApiOkResponse({ type: ApiInfoView })
  async info(): Promise<{ version: string; timestamp: string; queue_services: string; data_services: string }> {
    const [queue, data] = await Promise.all([this.nats.check('nats'), this.health.serviceUp('messaging')]);
    return {
      version: PARLEY_VERSION,
      timestamp: new Date().toISOString(),
      queue_services: queue.nats.status === 'up' ? 'ok' : 'failing',
      data_services: data ? 'ok' : 'failing',
    };
  }
}
