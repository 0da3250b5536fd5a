import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { HistoryPatterns as P, type RpcRequest, type RpcResponse } from '@parley/contracts';
import { HistoryPagesQuery } from './history.query';

@Controller()
export class HistoryHandlers {
  constructor(private readonly history: HistoryPagesQuery) {}

  @MessagePattern(P.page)
  page(@Payload() r: RpcRequest<typeof P.page>): Promise<RpcResponse<typeof P.page>> {
    return this.history.page(r);
  }
}
