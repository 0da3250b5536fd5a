import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MessagePatterns, type RpcRequest } from '@parley/contracts';
import { MessagesService } from './messages.service';

@Controller()
export class MessagesHandlers {
  constructor(private readonly messages: MessagesService) {}

  @MessagePattern(MessagePatterns.list)
  list(@Payload() r: RpcRequest<typeof MessagePatterns.list>) {
    return this.messages.list(r, r.display_id, r.query);
  }

  @MessagePattern(MessagePatterns.create)
  create(@Payload() r: RpcRequest<typeof MessagePatterns.create>) {
    return this.messages.create(r, r.display_id, r.data);
  }

  @MessagePattern(MessagePatterns.sendAttachment)
  sendAttachment(@Payload() r: RpcRequest<typeof MessagePatterns.sendAttachment>) {
    return this.messages.sendAttachment(r, r.display_id, r.attachment_id, r.echo_id ?? null);
  }

  @MessagePattern(MessagePatterns.existingAttachments)
  existingAttachments(@Payload() r: RpcRequest<typeof MessagePatterns.existingAttachments>) {
    return this.messages.existingAttachments(r.account_id, r.ids);
  }

  @MessagePattern(MessagePatterns.delete)
  delete(@Payload() r: RpcRequest<typeof MessagePatterns.delete>) {
    return this.messages.delete(r, r.display_id, r.message_id);
  }
}
