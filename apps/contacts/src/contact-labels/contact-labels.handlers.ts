import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ContactPatterns as P, type RpcRequest } from '@parley/contracts';
import { ContactLabelsService } from './contact-labels.service';

@Controller()
export class ContactLabelsHandlers {
  constructor(private readonly labelSets: ContactLabelsService) {}

  @MessagePattern(P.listLabels)
  labels(@Payload() r: RpcRequest<typeof P.listLabels>) {
    return this.labelSets.labels(r.account_id, r.id);
  }

  @MessagePattern(P.setLabels)
  setLabels(@Payload() r: RpcRequest<typeof P.setLabels>) {
    return this.labelSets.setLabels(r.account_id, r.id, r.labels);
  }
}
