import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LabelPatterns, type RpcRequest } from '@parley/contracts';
import { LabelsService } from './labels.service';

@Controller()
export class LabelsHandlers {
  constructor(private readonly labels: LabelsService) {}

  @MessagePattern(LabelPatterns.list)
  list(@Payload() r: RpcRequest<typeof LabelPatterns.list>) {
    return this.labels.list(r.account_id);
  }

  @MessagePattern(LabelPatterns.show)
  show(@Payload() r: RpcRequest<typeof LabelPatterns.show>) {
    return this.labels.show(r.account_id, r.id);
  }

  @MessagePattern(LabelPatterns.create)
  create(@Payload() r: RpcRequest<typeof LabelPatterns.create>) {
    return this.labels.create(r.account_id, r.data);
  }

  @MessagePattern(LabelPatterns.update)
  update(@Payload() r: RpcRequest<typeof LabelPatterns.update>) {
    return this.labels.update(r.account_id, r.id, r.data);
  }

  @MessagePattern(LabelPatterns.delete)
  delete(@Payload() r: RpcRequest<typeof LabelPatterns.delete>) {
    return this.labels.delete(r.account_id, r.id);
  }
}
