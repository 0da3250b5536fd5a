import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ConversationPatterns as P, type RpcRequest } from '@parley/contracts';
import { ConversationsQuery } from './conversations.query';
import { ConversationsService } from './conversations.service';

@Controller()
export class ConversationsHandlers {
  constructor(
    private readonly conversations: ConversationsService,
    private readonly query: ConversationsQuery,
  ) {}

  @MessagePattern(P.list)
  list(@Payload() r: RpcRequest<typeof P.list>) {
    return this.query.list(r, r.query);
  }

  @MessagePattern(P.meta)
  meta(@Payload() r: RpcRequest<typeof P.meta>) {
    return this.query.counts(r, r.query);
  }

  @MessagePattern(P.filter)
  filter(@Payload() r: RpcRequest<typeof P.filter>) {
    return this.query.filter(r, r.payload, r.page);
  }

  @MessagePattern(P.show)
  show(@Payload() r: RpcRequest<typeof P.show>) {
    return this.conversations.show(r, r.display_id);
  }

  @MessagePattern(P.create)
  create(@Payload() r: RpcRequest<typeof P.create>) {
    return this.conversations.create(r, r.data);
  }

  @MessagePattern(P.updateLastSeen)
  updateLastSeen(@Payload() r: RpcRequest<typeof P.updateLastSeen>) {
    return this.conversations.updateLastSeen(r, r.display_id);
  }

  @MessagePattern(P.toggleTyping)
  toggleTyping(@Payload() r: RpcRequest<typeof P.toggleTyping>) {
    return this.conversations.toggleTyping(r, r.display_id, r.typing_status);
  }

  @MessagePattern(P.ofContact)
  ofContact(@Payload() r: RpcRequest<typeof P.ofContact>) {
    return this.conversations.ofContact(r, r.contact_id);
  }
}
