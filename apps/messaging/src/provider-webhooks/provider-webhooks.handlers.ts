import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ProviderWebhookPatterns, type RpcRequest } from '@parley/contracts';
import { ProviderWebhooksService } from './provider-webhooks.service';

@Controller()
export class ProviderWebhooksHandlers {
  constructor(private readonly webhooks: ProviderWebhooksService) {}

  @MessagePattern(ProviderWebhookPatterns.receive)
  receive(@Payload() r: RpcRequest<typeof ProviderWebhookPatterns.receive>) {
    return this.webhooks.receive(r);
  }

  @MessagePattern(ProviderWebhookPatterns.handshake)
  handshake(@Payload() r: RpcRequest<typeof ProviderWebhookPatterns.handshake>) {
    return this.webhooks.handshake(r);
  }
}
