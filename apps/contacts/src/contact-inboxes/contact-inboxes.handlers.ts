import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ContactLinkPatterns, ContactPatterns as P, type RpcRequest } from '@parley/contracts';
import { ContactInboxesService } from './contact-inboxes.service';

@Controller()
export class ContactInboxesHandlers {
  constructor(private readonly inboxes: ContactInboxesService) {}

  @MessagePattern(P.listInboxes)
  list(@Payload() r: RpcRequest<typeof P.listInboxes>) {
    return this.inboxes.list(r.account_id, r.id);
  }

  @MessagePattern(P.createInbox)
  create(@Payload() r: RpcRequest<typeof P.createInbox>) {
    return this.inboxes.create(r.account_id, r.id, r.inbox_id, r.source_id);
  }

  /** For messaging: the link a conversation without a source id runs on. */
  @MessagePattern(ContactLinkPatterns.ensure)
  ensure(@Payload() r: RpcRequest<typeof ContactLinkPatterns.ensure>) {
    return this.inboxes.ensure(r.account_id, r.contact_id, r.inbox_id);
  }

  /** For messaging: the links a campaign's batch of conversations runs on. */
  @MessagePattern(ContactLinkPatterns.ensureMany)
  async ensureMany(@Payload() r: RpcRequest<typeof ContactLinkPatterns.ensureMany>) {
    return { links: await this.inboxes.ensureMany(r.account_id, r.contact_ids, r.inbox_id) };
  }

  /** For messaging: the contact a channel's sender is (found, linked or created). */
  @MessagePattern(ContactLinkPatterns.identify)
  identify(@Payload() r: RpcRequest<typeof ContactLinkPatterns.identify>) {
    return this.inboxes.identify(r);
  }

  @MessagePattern(P.contactableInboxes)
  contactable(@Payload() r: RpcRequest<typeof P.contactableInboxes>) {
    return this.inboxes.contactable(r.account_id, r.id);
  }
}
