import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WebhookPatterns, type RpcRequest } from '@parley/contracts';
import { WebhooksService } from './webhooks.service';

@Controller()
export class WebhooksHandlers {
  constructor(private readonly webhooks: WebhooksService) {}

  @MessagePattern(WebhookPatterns.list)
  list(@Payload() r: RpcRequest<typeof WebhookPatterns.list>) {
    return this.webhooks.list(r.account_id);
  }

  @MessagePattern(WebhookPatterns.create)
  create(@Payload() r: RpcRequest<typeof WebhookPatterns.create>) {
    return this.webhooks.create(r.account_id, r.data);
  }

  @MessagePattern(WebhookPatterns.update)
  update(@Payload() r: RpcRequest<typeof WebhookPatterns.update>) {
    return this.webhooks.update(r.account_id, r.id, r.data);
  }

  @MessagePattern(WebhookPatterns.delete)
  delete(@Payload() r: RpcRequest<typeof WebhookPatterns.delete>) {
    return this.webhooks.delete(r.account_id, r.id);
  }
}
