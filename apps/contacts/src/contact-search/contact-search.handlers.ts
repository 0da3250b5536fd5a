import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ContactPatterns as P, type RpcRequest } from '@parley/contracts';
import { ContactQuery } from './contact.query';

/** The account's contacts listed, searched and filtered. */
@Controller()
export class ContactSearchHandlers {
  constructor(private readonly query: ContactQuery) {}

  @MessagePattern(P.list)
  list(@Payload() r: RpcRequest<typeof P.list>) {
    return this.query.list(r.account_id, r.query);
  }

  @MessagePattern(P.search)
  search(@Payload() r: RpcRequest<typeof P.search>) {
    return this.query.search(r, r.q, r.page, {
      conversations: r.include_conversations,
      contactInboxes: r.include_contact_inboxes,
    });
  }

  @MessagePattern(P.filter)
  filter(@Payload() r: RpcRequest<typeof P.filter>) {
    return this.query.filter(r.account_id, r.payload, r.page, r.include_contact_inboxes);
  }

  @MessagePattern(P.checkFilter)
  checkFilter(@Payload() r: RpcRequest<typeof P.checkFilter>) {
    return this.query.checkFilter(r.account_id, r.payload);
  }
}
