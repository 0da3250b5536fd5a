import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DeliveryPatterns, type RpcRequest } from '@parley/contracts';
import { DirectDeliveries } from './direct-deliveries';

@Controller()
export class DeliveriesHandlers {
  constructor(private readonly direct: DirectDeliveries) {}

  @MessagePattern(DeliveryPatterns.enqueue)
  enqueue(@Payload() r: RpcRequest<typeof DeliveryPatterns.enqueue>) {
    return this.direct.enqueue(r);
  }
}
