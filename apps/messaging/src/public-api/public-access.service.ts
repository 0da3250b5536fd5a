import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ContactLinkPatterns,
  PublicApiErrors,
  type PublicContactLink,
  type PublicContactRef,
  type PublicConversationRef,
  type PublicInboxRef,
} from '@parley/contracts';
import { DomainError, RpcClient } from '@parley/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ContactConversationsLoader,
  type ContactReach,
  type ReachedConversation,
} from '../conversations/contact-conversations.loader';
import { InboxesLoader, type PublicInboxRow, type PublicWidgetRow } from '../inboxes/inboxes.loader';

/** One answer for every unknown part of a public address: it never tells which part was wrong. */
export function notFound(): DomainError {
  return new DomainError(PublicApiErrors.notFound, 'Resource could not be found');
}

export interface PublicContactContext {
  inbox: PublicInboxRow;
  link: PublicContactLink;
  reach: ContactReach;
}

/**
 * Resolves a public address: the inbox its token names, the contact linked there under the
 * source id (asked of contacts, the links' owner, so a contact made a moment ago is found), and
 * a conversation the contact may see. Another inbox's contact or conversation is never reached.
 */
@Injectable()
export class PublicAccessService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly inboxes: InboxesLoader,
    private readonly conversations: ContactConversationsLoader,
    private readonly rpc: RpcClient,
  ) {}

  async inbox(ref: PublicInboxRef): Promise<PublicInboxRow> {
    const inbox = await this.inboxes.byPublicToken(this.dataSource.manager, ref.inbox_token);
    if (!inbox) throw notFound();
    return inbox;
  }

  async widget(ref: PublicInboxRef): Promise<PublicWidgetRow> {
    const inbox = await this.inboxes.widgetByToken(this.dataSource.manager, ref.inbox_token);
    if (!inbox) throw notFound();
    return inbox;
  }

  async contact(ref: PublicContactRef): Promise<PublicContactContext> {
    const inbox = await this.inbox(ref);
    const link = await this.rpc.send(ContactLinkPatterns.publicFind, {
      account_id: inbox.account_id,
      inbox_id: inbox.id,
      source_id: ref.contact_identifier,
    });
    if (!link) throw notFound();
    return { inbox, link, reach: reachOf(inbox, link) };
  }

  /** The conversation, locked until the end of `tx` when given one. */
  async conversation(
    context: PublicContactContext,
    ref: PublicConversationRef,
    tx?: EntityManager,
  ): Promise<ReachedConversation> {
    const conversation = await this.conversations.find(context.reach, ref.conversation_id, tx);
    if (!conversation) throw notFound();
    return conversation;
  }
}

export function reachOf(inbox: PublicInboxRow, link: PublicContactLink): ContactReach {
  return {
    accountId: inbox.account_id,
    contactId: link.contact.id,
    inboxId: inbox.id,
    sourceId: link.source_id,
    verified: link.hmac_verified,
  };
}
