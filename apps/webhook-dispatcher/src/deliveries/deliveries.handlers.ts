import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DeliveryPatterns, WebhookPatterns, type RpcRequest } from '@parley/contracts';
import { DeliveriesService } from './deliveries.service';

@Controller()
export class DeliveriesHandlers {
  constructor(private readonly deliveries: DeliveriesService) {}

  @MessagePattern(DeliveryPatterns.enqueue)
  enqueue(@Payload() r: RpcRequest<typeof DeliveryPatterns.enqueue>) {
    return this.deliveries.enqueue(r);
  }

  @MessagePattern(DeliveryPatterns.attempts)
  attempts(@Payload() r: RpcRequest<typeof DeliveryPatterns.attempts>) {
    return this.deliveries.attemptsOf(r.account_id, String(r.delivery_id ?? ''));
  }

  @MessagePattern(WebhookPatterns.deliveries)
  ofWebhook(@Payload() r: RpcRequest<typeof WebhookPatterns.deliveries>) {
    return this.deliveries.ofWebhook(r.account_id, r.id, r.page ?? 1);
  }
}
