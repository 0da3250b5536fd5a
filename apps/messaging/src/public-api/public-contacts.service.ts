import { Injectable } from '@nestjs/common';
import {
  CHANNEL_TYPES,
  ContactInboxErrors,
  ContactLinkPatterns,
  PublicApiErrors,
  type PublicContact,
  type PublicContactInput,
  type PublicContactLink,
  type PublicContactRef,
  type PublicInbox,
  type PublicInboxKind,
  type PublicInboxRef,
  type PublicWidgetInbox,
} from '@parley/contracts';
import { DomainError, RpcCallError, RpcClient } from '@parley/service-kit';
import type { PublicInboxRow } from '../inboxes/inboxes.loader';
import { notFound, PublicAccessService } from './public-access.service';
import { toPublicInbox } from './public-api.mapper';
import { checkIdentity } from './public-identity.rules';

function toPublicContact(link: PublicContactLink): PublicContact {
  return {
    source_id: link.source_id,
    pubsub_token: link.pubsub_token,
    id: link.contact.id,
    name: link.contact.name,
    email: link.contact.email,
    phone_number: link.contact.phone_number,
  };
}

/** The identifier the call proves (null: none given and none demanded); a failed proof is refused. */
function provenIdentifier(inbox: PublicInboxRow, input: PublicContactInput): string | null {
  const verdict = checkIdentity(inbox, input);
  if (verdict.kind === 'failed')
    throw new DomainError(PublicApiErrors.hmacFailed, 'HMAC failed: Invalid Identifier Hash Provided');
  return verdict.kind === 'proven' ? verdict.identifier : null;
}

/** The public client API's inbox and contact operations; the contact itself lives in contacts. */
@Injectable()
export class PublicContactsService {
  constructor(
    private readonly access: PublicAccessService,
    private readonly rpc: RpcClient,
  ) {}

  async inbox(ref: PublicInboxRef): Promise<PublicInbox> {
    return toPublicInbox(await this.access.inbox(ref));
  }

  async widget(ref: PublicInboxRef): Promise<PublicWidgetInbox> {
    const { id, ...inbox } = await this.access.widget(ref);
    return { ...inbox, inbox_id: id };
  }

  async inboxKind(ref: PublicInboxRef): Promise<PublicInboxKind> {
    try {
      const inbox = await this.access.inbox(ref);
      return {
        kind: inbox.channel_type === CHANNEL_TYPES.web_widget ? 'web_widget' : 'api',
        account_id: inbox.account_id,
      };
    } catch (error) {
      if (error instanceof DomainError && error.code === PublicApiErrors.notFound)
        return { kind: null, account_id: null };
      throw error;
    }
  }

  async create(ref: PublicInboxRef, input: PublicContactInput): Promise<PublicContact> {
    const inbox = await this.access.inbox(ref);
    const proven = provenIdentifier(inbox, input);
    const { identifier_hash: _hash, ...data } = input;
    const link = await this.rpc.send(ContactLinkPatterns.publicCreate, {
      account_id: inbox.account_id,
      inbox_id: inbox.id,
      data,
      proven_identifier: proven,
    });
    return toPublicContact(link);
  }

  async show(ref: PublicContactRef): Promise<PublicContact> {
    return toPublicContact((await this.access.contact(ref)).link);
  }

  /** `identifier` only serves the proof here: a contact's identifier is never changed through this API. */
  async update(ref: PublicContactRef, input: PublicContactInput): Promise<PublicContact> {
    const inbox = await this.access.inbox(ref);
    const proven = provenIdentifier(inbox, input);
    const { identifier_hash: _hash, identifier: _identifier, ...data } = input;
    try {
      const link = await this.rpc.send(ContactLinkPatterns.publicUpdate, {
        account_id: inbox.account_id,
        inbox_id: inbox.id,
        source_id: ref.contact_identifier,
        data,
        proven_identifier: proven,
      });
      return toPublicContact(link);
    } catch (error) {
      if (error instanceof RpcCallError && error.code === ContactInboxErrors.notFound) throw notFound();
      throw error;
    }
  }
}
