import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { ModelPatterns as P, type RpcResponse } from '@parley/contracts';
import { ModelStateLoader } from '../model-state/model-state.loader';
import { RebuildService } from './rebuild.service';

@Controller()
export class RebuildHandlers {
  constructor(
    private readonly rebuild: RebuildService,
    private readonly state: ModelStateLoader,
  ) {}

  @MessagePattern(P.rebuild)
  start(): Promise<RpcResponse<typeof P.rebuild>> {
    return this.rebuild.start();
  }

  @MessagePattern(P.state)
  show(): Promise<RpcResponse<typeof P.state>> {
    return this.state.state();
  }
}
