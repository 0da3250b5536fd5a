import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ContactLookupPatterns, ContactPatterns as P, type RpcRequest } from '@parley/contracts';
import { ContactsLoader } from './contacts.loader';
import { ContactsService } from './contacts.service';

@Controller()
export class ContactsHandlers {
  constructor(
    private readonly contacts: ContactsService,
    private readonly loader: ContactsLoader,
  ) {}

  @MessagePattern(P.show)
  show(@Payload() r: RpcRequest<typeof P.show>) {
    return this.contacts.show(r.account_id, r.id);
  }

  @MessagePattern(P.create)
  create(@Payload() r: RpcRequest<typeof P.create>) {
    return this.contacts.create(r.account_id, r.data);
  }

  @MessagePattern(P.update)
  update(@Payload() r: RpcRequest<typeof P.update>) {
    return this.contacts.update(r.account_id, r.id, r.data);
  }

  @MessagePattern(P.delete)
  delete(@Payload() r: RpcRequest<typeof P.delete>) {
    return this.contacts.delete(r.account_id, r.id);
  }

  @MessagePattern(P.block)
  block(@Payload() r: RpcRequest<typeof P.block>) {
    return this.contacts.setBlocked(r.account_id, r.id, true);
  }

  @MessagePattern(P.unblock)
  unblock(@Payload() r: RpcRequest<typeof P.unblock>) {
    return this.contacts.setBlocked(r.account_id, r.id, false);
  }

  /** Answers other services that need a contact now (before its event reached them). */
  @MessagePattern(ContactLookupPatterns.find)
  find(@Payload() r: RpcRequest<typeof ContactLookupPatterns.find>) {
    return this.loader.snapshot(r.account_id, r.id);
  }

  /** A campaign's audience, page by page (the campaigns service's query). */
  @MessagePattern(ContactLookupPatterns.withLabels)
  withLabels(@Payload() r: RpcRequest<typeof ContactLookupPatterns.withLabels>) {
    return this.loader.withLabels(r.account_id, r.labels, r.after_id, r.limit);
  }
}
