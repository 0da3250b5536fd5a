import { Injectable } from '@nestjs/common';
import {
  ContactInboxErrors,
  type PublicContactFields,
  type PublicContactLink,
  type PublicConversationContact,
} from '@parley/contracts';

type Link = NonNullable<Awaited<ReturnType<ContactsLoader['publicLink']>>>;
import { DomainError, isUniqueViolation } from '@parley/service-kit';
import { randomUUID } from 'node:crypto';
import { ContactInboxLinksWriter } from '../contacts/contact-inbox-links.writer';
import { ContactsLoader } from '../contacts/contacts.loader';
import { ContactsService } from '../contacts/contacts.service';
import { MessagingViewLoader } from '../read-models/messaging-view/messaging-view.loader';

/**
 * The contact a widget or bridge works as: its link to the inbox (source id, `/cable` token,
 * HMAC mark) and the contact behind it. Messaging checks the HMAC (it holds the inbox's key)
 * and hands over the identifier it proved; here it verifies only the contact whose own
 * identifier that is, so a valid pair cannot be replayed onto another contact.
 */
@Injectable()
export class PublicContactsService {
  constructor(
    private readonly loader: ContactsLoader,
    private readonly links: ContactInboxLinksWriter,
    private readonly contacts: ContactsService,
    private readonly messagingView: MessagingViewLoader,
  ) {}

  async find(accountId: number, inboxId: number, sourceId: string): Promise<PublicContactLink | null> {
    const link = await this.loader.publicLink(accountId, inboxId, sourceId);
    return link ? this.answer(accountId, link) : null;
  }

  async create(
    accountId: number,
    inboxId: number,
    data: PublicContactFields,
    provenIdentifier: string | null,
  ): Promise<PublicContactLink> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.createOnce(accountId, inboxId, data, provenIdentifier);
      } catch (error) {
        // Two first calls of one visitor racing: the loser finds the winner's link or contact.
        if (attempt >= 2 || !isUniqueViolation(error)) throw error;
      }
    }
  }

  async update(
    accountId: number,
    inboxId: number,
    sourceId: string,
    data: PublicContactFields,
    provenIdentifier: string | null,
  ): Promise<PublicContactLink> {
    const link = await this.loader.publicLink(accountId, inboxId, sourceId);
    if (!link) throw new DomainError(ContactInboxErrors.notFound, 'Resource could not be found');
    const contact = await this.loader.publicContact(accountId, link.contact_id);
    await this.verify(link, contact, provenIdentifier);
    const { identifier: _ignored, source_id: _source, ...fields } = data;
    if (Object.keys(fields).length > 0) await this.contacts.update(accountId, contact.id, fields);
    return this.answer(accountId, (await this.loader.publicLink(accountId, inboxId, sourceId))!);
  }

  private async createOnce(
    accountId: number,
    inboxId: number,
    data: PublicContactFields,
    provenIdentifier: string | null,
  ): Promise<PublicContactLink> {
    const sourceId = data.source_id?.trim() || randomUUID();
    const existing = await this.loader.publicLink(accountId, inboxId, sourceId);
    if (existing) {
      await this.verify(existing, await this.loader.publicContact(accountId, existing.contact_id), provenIdentifier);
      return this.answer(accountId, (await this.loader.publicLink(accountId, inboxId, sourceId))!);
    }
    const identifier = data.identifier?.trim() || null;
    const known =
      (identifier ? await this.loader.byIdentifier(accountId, identifier) : null) ??
      (await this.loader.byAddress(accountId, data.email?.trim() || null, data.phone_number?.trim() || null));
    if (known) {
      if (provenIdentifier !== null && known.identifier !== provenIdentifier) throw mismatch();
      const inbox = await this.messagingView.inbox(accountId, inboxId);
      if (!inbox) throw new DomainError(ContactInboxErrors.inboxMissing, 'Inbox does not exist', ['inbox_id']);
      await this.links.linkInbox(known, inbox, sourceId);
    } else {
      await this.contacts.create(accountId, {
        inbox_id: inboxId,
        source_id: sourceId,
        name: data.name ?? null,
        email: data.email ?? null,
        phone_number: data.phone_number ?? null,
        identifier,
        avatar_url: data.avatar_url ?? null,
        custom_attributes: data.custom_attributes ?? {},
      });
    }
    const link = (await this.loader.publicLink(accountId, inboxId, sourceId))!;
    await this.verify(link, await this.loader.publicContact(accountId, link.contact_id), provenIdentifier);
    return this.answer(accountId, (await this.loader.publicLink(accountId, inboxId, sourceId))!);
  }

  /** Marks the link verified when the proven identifier is the contact's own; another's is refused. */
  private async verify(link: Link, contact: PublicConversationContact, provenIdentifier: string | null): Promise<void> {
    if (provenIdentifier === null) return;
    if (contact.identifier !== provenIdentifier) throw mismatch();
    if (!link.hmac_verified) await this.links.markVerified(link.id);
  }

  private async answer(accountId: number, link: Link): Promise<PublicContactLink> {
    return {
      source_id: link.source_id,
      pubsub_token: link.pubsub_token,
      hmac_verified: link.hmac_verified,
      contact: await this.loader.publicContact(accountId, link.contact_id),
    };
  }
}

function mismatch(): DomainError {
  return new DomainError(ContactInboxErrors.identifierMismatch, 'HMAC failed: Identifier does not match contact');
}
