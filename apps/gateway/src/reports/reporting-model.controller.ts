import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ModelPatterns, type ModelState } from '@parley/contracts';
import { RpcClient } from '@parley/service-kit';
import { PlatformOnly } from '../auth/access.decorators';
import { ModelStateView } from './report.responses';

/**
 * The operator's rebuild of the reporting model (platform token): the model is emptied and
 * rebuilt from the events the stream holds; reports answer `x-report-rebuilding: true` meanwhile.
 */
@ApiTags('platform')
@Controller('platform/api/v1/reporting')
@PlatformOnly()
export class ReportingModelController {
  constructor(private readonly rpc: RpcClient) {}

  @Post('rebuild')
  @HttpCode(200)
  @ApiOkResponse({ type: ModelStateView })
  rebuild(): Promise<ModelState> {
    return this.rpc.send(ModelPatterns.rebuild, {});
  }

  @Get('state')
  @ApiOkResponse({ type: ModelStateView })
  state(): Promise<ModelState> {
    return this.rpc.send(ModelPatterns.state, {});
  }
}
