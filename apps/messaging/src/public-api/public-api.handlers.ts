import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PublicApiPatterns as P, type RpcRequest } from '@parley/contracts';
import { PublicContactsService } from './public-contacts.service';
import { PublicConversationsService } from './public-conversations.service';

/** The public client API (widgets and bridges), forwarded by the gateway with the inbox's public token. */
@Controller()
export class PublicApiHandlers {
  constructor(
    private readonly contacts: PublicContactsService,
    private readonly conversations: PublicConversationsService,
  ) {}

  @MessagePattern(P.inbox)
  inbox(@Payload() r: RpcRequest<typeof P.inbox>) {
    return this.contacts.inbox(r);
  }

  @MessagePattern(P.widgetInbox)
  widgetInbox(@Payload() r: RpcRequest<typeof P.widgetInbox>) {
    return this.contacts.widget(r);
  }

  @MessagePattern(P.inboxKind)
  inboxKind(@Payload() r: RpcRequest<typeof P.inboxKind>) {
    return this.contacts.inboxKind(r);
  }

  @MessagePattern(P.createContact)
  createContact(@Payload() r: RpcRequest<typeof P.createContact>) {
    return this.contacts.create(r, r.data);
  }

  @MessagePattern(P.showContact)
  showContact(@Payload() r: RpcRequest<typeof P.showContact>) {
    return this.contacts.show(r);
  }

  @MessagePattern(P.updateContact)
  updateContact(@Payload() r: RpcRequest<typeof P.updateContact>) {
    return this.contacts.update(r, r.data);
  }

  @MessagePattern(P.listConversations)
  listConversations(@Payload() r: RpcRequest<typeof P.listConversations>) {
    return this.conversations.list(r);
  }

  @MessagePattern(P.createConversation)
  createConversation(@Payload() r: RpcRequest<typeof P.createConversation>) {
    return this.conversations.create(r, r.data.custom_attributes ?? {});
  }

  @MessagePattern(P.showConversation)
  showConversation(@Payload() r: RpcRequest<typeof P.showConversation>) {
    return this.conversations.show(r);
  }

  @MessagePattern(P.toggleStatus)
  toggleStatus(@Payload() r: RpcRequest<typeof P.toggleStatus>) {
    return this.conversations.resolve(r);
  }

  @MessagePattern(P.toggleTyping)
  toggleTyping(@Payload() r: RpcRequest<typeof P.toggleTyping>) {
    return this.conversations.toggleTyping(r, r.typing_status);
  }

  @MessagePattern(P.updateLastSeen)
  updateLastSeen(@Payload() r: RpcRequest<typeof P.updateLastSeen>) {
    return this.conversations.updateLastSeen(r);
  }

  @MessagePattern(P.listMessages)
  listMessages(@Payload() r: RpcRequest<typeof P.listMessages>) {
    return this.conversations.listMessages(r, r.before);
  }

  @MessagePattern(P.createMessage)
  createMessage(@Payload() r: RpcRequest<typeof P.createMessage>) {
    return this.conversations.createMessage(r, r.data);
  }

  @MessagePattern(P.updateMessage)
  updateMessage(@Payload() r: RpcRequest<typeof P.updateMessage>) {
    return this.conversations.submit(r, r.message_id, r.data.submitted_values);
  }
}
