import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ContactLinkPatterns, ContactPatterns as P, RealtimePatterns, type RpcRequest } from '@parley/contracts';
import { ContactPresenceService } from '../contacts/contact-presence.service';
import { ContactsLoader } from '../contacts/contacts.loader';
import { ContactInboxesService } from './contact-inboxes.service';
import { PublicContactsService } from './public-contacts.service';

@Controller()
export class ContactInboxesHandlers {
  constructor(
    private readonly inboxes: ContactInboxesService,
    private readonly publicContacts: PublicContactsService,
    private readonly loader: ContactsLoader,
    private readonly presence: ContactPresenceService,
  ) {}

  /** For the gateway's `/cable`: the link a contact subscribes with. */
  @MessagePattern(RealtimePatterns.authorizeContact)
  authorizeRealtime(@Payload() r: RpcRequest<typeof RealtimePatterns.authorizeContact>) {
    return this.loader.linkOfToken(r.pubsub_token);
  }

  /** For messaging's realtime fan-out: the tokens a conversation's contact side reaches. */
  @MessagePattern(RealtimePatterns.contactTokens)
  async realtimeTokens(@Payload() r: RpcRequest<typeof RealtimePatterns.contactTokens>) {
    return { tokens: await this.loader.realtimeTokens(r.links) };
  }

  /** For the gateway's `/cable`: a contact's socket came, stays or left; the account's connected contacts. */
  @MessagePattern(RealtimePatterns.contactPresence)
  async contactPresence(@Payload() r: RpcRequest<typeof RealtimePatterns.contactPresence>) {
    if (r.contact_id !== undefined) await this.presence.record(r.account_id, r.contact_id, r.replica, r.state);
    return { contacts: await this.presence.online(r.account_id) };
  }

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

  /** For messaging's public client API: a widget's or bridge's contact. */
  @MessagePattern(ContactLinkPatterns.publicCreate)
  publicCreate(@Payload() r: RpcRequest<typeof ContactLinkPatterns.publicCreate>) {
    return this.publicContacts.create(r.account_id, r.inbox_id, r.data, r.proven_identifier);
  }

  @MessagePattern(ContactLinkPatterns.publicFind)
  publicFind(@Payload() r: RpcRequest<typeof ContactLinkPatterns.publicFind>) {
    return this.publicContacts.find(r.account_id, r.inbox_id, r.source_id);
  }

  @MessagePattern(ContactLinkPatterns.publicUpdate)
  publicUpdate(@Payload() r: RpcRequest<typeof ContactLinkPatterns.publicUpdate>) {
    return this.publicContacts.update(r.account_id, r.inbox_id, r.source_id, r.data, r.proven_identifier);
  }

  @MessagePattern(P.contactableInboxes)
  contactable(@Payload() r: RpcRequest<typeof P.contactableInboxes>) {
    return this.inboxes.contactable(r.account_id, r.id);
  }
}
