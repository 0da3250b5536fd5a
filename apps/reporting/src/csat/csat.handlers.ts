import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CsatPatterns as P, type RpcRequest, type RpcResponse } from '@parley/contracts';
import { ModelStateLoader } from '../model-state/model-state.loader';
import { CsatService } from './csat.service';

@Controller()
export class CsatHandlers {
  constructor(
    private readonly csat: CsatService,
    private readonly model: ModelStateLoader,
  ) {}

  @MessagePattern(P.rate)
  rate(@Payload() r: RpcRequest<typeof P.rate>): Promise<RpcResponse<typeof P.rate>> {
    return this.csat.rate(r.token, r.data);
  }

  @MessagePattern(P.report)
  async report(@Payload() r: RpcRequest<typeof P.report>): Promise<RpcResponse<typeof P.report>> {
    return { report: await this.csat.report(r.account_id, r.query), ...(await this.model.state()) };
  }
}
