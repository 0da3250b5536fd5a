import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InboxPatterns, type RpcRequest } from '@parley/contracts';
import { InboxMembersService } from './inbox-members.service';
import { InboxesService } from './inboxes.service';

@Controller()
export class InboxesHandlers {
  constructor(
    private readonly inboxes: InboxesService,
    private readonly members: InboxMembersService,
  ) {}

  @MessagePattern(InboxPatterns.list)
  list(@Payload() r: RpcRequest<typeof InboxPatterns.list>) {
    return this.inboxes.list(r);
  }

  @MessagePattern(InboxPatterns.show)
  show(@Payload() r: RpcRequest<typeof InboxPatterns.show>) {
    return this.inboxes.show(r, r.id);
  }

  @MessagePattern(InboxPatterns.create)
  create(@Payload() r: RpcRequest<typeof InboxPatterns.create>) {
    return this.inboxes.create(r.account_id, r.data);
  }

  @MessagePattern(InboxPatterns.update)
  update(@Payload() r: RpcRequest<typeof InboxPatterns.update>) {
    return this.inboxes.update(r.account_id, r.id, r.data);
  }

  @MessagePattern(InboxPatterns.delete)
  delete(@Payload() r: RpcRequest<typeof InboxPatterns.delete>) {
    return this.inboxes.delete(r.account_id, r.id);
  }

  @MessagePattern(InboxPatterns.callbackTarget)
  callbackTarget(@Payload() r: RpcRequest<typeof InboxPatterns.callbackTarget>) {
    return this.inboxes.callbackTarget(r.account_id, r.inbox_id);
  }

  @MessagePattern(InboxPatterns.find)
  find(@Payload() r: RpcRequest<typeof InboxPatterns.find>) {
    return this.inboxes.snapshot(r.account_id, r.id);
  }

  @MessagePattern(InboxPatterns.listMembers)
  listMembers(@Payload() r: RpcRequest<typeof InboxPatterns.listMembers>) {
    return this.members.list(r.account_id, r.id);
  }

  @MessagePattern(InboxPatterns.setMembers)
  setMembers(@Payload() r: RpcRequest<typeof InboxPatterns.setMembers>) {
    return this.members.set(r.account_id, r.id, r.user_ids);
  }

  @MessagePattern(InboxPatterns.addMembers)
  addMembers(@Payload() r: RpcRequest<typeof InboxPatterns.addMembers>) {
    return this.members.add(r.account_id, r.id, r.user_ids);
  }

  @MessagePattern(InboxPatterns.removeMembers)
  removeMembers(@Payload() r: RpcRequest<typeof InboxPatterns.removeMembers>) {
    return this.members.remove(r.account_id, r.id, r.user_ids);
  }
}
