import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CsatSurveyPatterns as P, type RpcRequest, type RpcResponse } from '@parley/contracts';
import { CsatSurveysService } from './csat-surveys.service';

@Controller()
export class CsatSurveysHandlers {
  constructor(private readonly surveys: CsatSurveysService) {}

  @MessagePattern(P.find)
  find(@Payload() r: RpcRequest<typeof P.find>): Promise<RpcResponse<typeof P.find>> {
    return this.surveys.find(String(r.token));
  }
}
