import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ConversationPatterns as P, type RpcRequest } from '@parley/contracts';
import { ConversationAttributesService } from './conversation-attributes.service';

@Controller()
export class ConversationAttributesHandlers {
  constructor(private readonly attributes: ConversationAttributesService) {}

  @MessagePattern(P.listLabels)
  labels(@Payload() r: RpcRequest<typeof P.listLabels>) {
    return this.attributes.labels(r, r.display_id);
  }

  @MessagePattern(P.setLabels)
  setLabels(@Payload() r: RpcRequest<typeof P.setLabels>) {
    return this.attributes.setLabels(r, r.display_id, r.labels);
  }

  @MessagePattern(P.changeLabels)
  changeLabels(@Payload() r: RpcRequest<typeof P.changeLabels>) {
    return this.attributes.changeLabels(r, r.display_id, r.add, r.remove);
  }

  @MessagePattern(P.setCustomAttributes)
  setCustomAttributes(@Payload() r: RpcRequest<typeof P.setCustomAttributes>) {
    return this.attributes.setCustomAttributes(r, r.display_id, r.custom_attributes);
  }

  @MessagePattern(P.togglePriority)
  togglePriority(@Payload() r: RpcRequest<typeof P.togglePriority>) {
    return this.attributes.togglePriority(r, r.display_id, r.priority);
  }

  @MessagePattern(P.mute)
  mute(@Payload() r: RpcRequest<typeof P.mute>) {
    return this.attributes.mute(r, r.display_id, true);
  }

  @MessagePattern(P.unmute)
  unmute(@Payload() r: RpcRequest<typeof P.unmute>) {
    return this.attributes.mute(r, r.display_id, false);
  }
}
